import { getBuyerBooking, getRefundOptions, previewPublicEvent, publicEventDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const publicEventKeys = queryKeys('public-event', {
  detail: publicEventDetail,
  /** The organizer's preview of the page, a draft too. */
  preview: previewPublicEvent,
  booking: getBuyerBooking,
  /** What the refund policy allows for a booking, its requests and refunds. */
  refundOptions: getRefundOptions,
});
