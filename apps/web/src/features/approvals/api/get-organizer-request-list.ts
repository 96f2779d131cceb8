import { useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { approvalKeys } from './keys';

export const useOrganizerRequests = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(approvalKeys.organizerRequests, query));
