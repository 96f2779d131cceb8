import { getNonProfitRequestList, getOrganizerRequestList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';
import { adminDashboardKeys } from '../../admin-dashboard';

export const approvalKeys = queryKeys('approvals', {
  organizerRequests: getOrganizerRequestList,
  nonProfitRequests: getNonProfitRequestList,
});

export type ApprovalKind = 'ORGANIZER' | 'NON_PROFIT';

// A decision changes the queue and the dashboard's pending counts.
export const AFTER_DECISION = { invalidates: [approvalKeys.all, adminDashboardKeys.all] };
