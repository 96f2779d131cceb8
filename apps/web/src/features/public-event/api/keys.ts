import { getBuyerBooking, getRefundOptions, publicEventDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const publicEventKeys = queryKeys('public-event', {
  detail: publicEventDetail,
  booking: getBuyerBooking,
  /** What the refund policy allows for a booking, its requests and refunds. */
  refundOptions: getRefundOptions,
});
