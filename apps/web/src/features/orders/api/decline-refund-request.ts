import { declineRefundRequest } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { AFTER_REFUND } from './keys';

/** Declines chosen tickets of a buyer's refund request with a reason; the buyer is emailed. */
export const useDeclineRefundTickets = () =>
  useRouteMutation(declineRefundRequest, { invalidates: AFTER_REFUND });
