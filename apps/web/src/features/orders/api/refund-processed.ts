import { refundProcessed } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Approves chosen tickets of a buyer's refund request (idempotent, like every refund). */
export const useApproveRefundTickets = () =>
  useRouteMutation(refundProcessed, { invalidates: AFTER_REFUND, idempotent: true, silentSuccess: true });
