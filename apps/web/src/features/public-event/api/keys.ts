import { getBuyerBooking, previewEvent, publicEventDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The event page's and the booking page's reads. The refund options have their own keys
 * (refund-keys.ts): their contract (refunds, orders) is large, and the event page never reads it.
 */
export const publicEventKeys = queryKeys('public-event', {
  detail: publicEventDetail,
  /** The organizers' preview of an event before it is published. */
  preview: previewEvent,
  booking: getBuyerBooking,
});
