import { decideNonProfitRequest, decideOrganizerRequest } from '@marquee/contract';
import { useQuery } from '@tanstack/react-query';
import { routeListQuery, useRouteMutation } from '../../../lib/api-hooks';
import { adminDashboardKeys } from '../../admin-dashboard';
import { approvalKeys } from './keys';

export type ApprovalKind = 'ORGANIZER' | 'NON_PROFIT';

export const useOrganizerRequests = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(approvalKeys.organizerRequests, query));

export const useNonProfitRequests = (query: Record<string, unknown>) =>
  useQuery(routeListQuery(approvalKeys.nonProfitRequests, query));

// A decision changes the queue and the dashboard's pending counts.
const DECIDED = { invalidates: [approvalKeys.all, adminDashboardKeys.all] };

export const useDecideOrganizerRequest = () => useRouteMutation(decideOrganizerRequest, DECIDED);
export const useDecideNonProfitRequest = () => useRouteMutation(decideNonProfitRequest, DECIDED);

/** The decision call of a queue (both take `{ userId, decision, reason? }`). */
export function useDecide(kind: ApprovalKind) {
  const organizer = useDecideOrganizerRequest();
  const nonProfit = useDecideNonProfitRequest();
  return kind === 'ORGANIZER' ? organizer : nonProfit;
}
