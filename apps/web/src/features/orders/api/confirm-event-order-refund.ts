import { confirmEventOrderRefund } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/**
 * Refunds chosen tickets (or an amount) of one order. Idempotent: a retry from the same confirmation
 * screen is answered with the same refund instead of paying twice. The screen says the outcome.
 */
export const useConfirmOrderRefund = () =>
  useRouteMutation(confirmEventOrderRefund, {
    invalidates: AFTER_REFUND,
    idempotent: true,
    silentSuccess: true,
  });
