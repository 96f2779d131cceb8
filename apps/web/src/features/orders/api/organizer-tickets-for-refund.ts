import { routeQuery } from '../../../lib/api-hooks';
import { refundKeys } from './keys';

export const ticketsForRefundQuery = (bookingId: string) => routeQuery(refundKeys.forRefund, { bookingId });
