import { confirmEventRefund } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { eventRefundKeys } from './keys';

/**
 * Starts the job that refunds every paid order of a cancelled event. Idempotent: the key belongs to
 * this confirmation, so a retry after a lost answer is answered with the job already started.
 */
export const useStartEventRefund = () =>
  useRouteMutation(confirmEventRefund, {
    invalidates: [eventRefundKeys.plan.all],
    idempotent: true,
    silentSuccess: true,
  });
