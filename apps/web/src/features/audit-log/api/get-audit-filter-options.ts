import { useQuery } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { auditLogKeys } from './keys';

export const useAuditFilterOptions = () => useQuery(routeQuery(auditLogKeys.options, undefined as never));
