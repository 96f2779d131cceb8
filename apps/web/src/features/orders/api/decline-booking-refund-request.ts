import { declineBookingRefundRequest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Declines a buyer's whole refund request with a reason; the buyer is emailed. */
export const useDeclineRefundRequest = () =>
  useRouteMutation(declineBookingRefundRequest, { invalidates: AFTER_REFUND });
