import { bookingRefundProcessed } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Approves a buyer's whole refund request (idempotent, like every refund). */
export const useApproveRefundRequest = () =>
  useRouteMutation(bookingRefundProcessed, {
    invalidates: AFTER_REFUND,
    idempotent: true,
    silentSuccess: true,
  });
