import { getBuyerBooking, publicEventDetail } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const publicEventKeys = queryKeys('public-event', {
  detail: publicEventDetail,
  booking: getBuyerBooking,
});
