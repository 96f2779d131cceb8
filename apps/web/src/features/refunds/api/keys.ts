import { getEventRefundProgress, issueEventRefund } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/** The cancellation refund of one event: its plan and the job's progress. */
export const eventRefundKeys = queryKeys('event-refunds', {
  plan: issueEventRefund,
  progress: getEventRefundProgress,
});
