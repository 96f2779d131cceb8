import { getBuyerBooking, getRefundOptions, previewEvent, publicEventDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const publicEventKeys = queryKeys('public-event', {
  detail: publicEventDetail,
  /** The organizers' preview of an event before it is published. */
  preview: previewEvent,
  booking: getBuyerBooking,
  /** What the refund policy allows for a booking, its requests and refunds. */
  refundOptions: getRefundOptions,
});
