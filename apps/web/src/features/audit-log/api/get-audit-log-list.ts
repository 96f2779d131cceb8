import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { auditLogKeys } from './keys';

export const useAuditLog = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(auditLogKeys.list, query));
