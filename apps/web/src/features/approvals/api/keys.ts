import { getNonProfitRequestList, getOrganizerRequestList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const approvalKeys = queryKeys('approvals', {
  organizerRequests: getOrganizerRequestList,
  nonProfitRequests: getNonProfitRequestList,
});
