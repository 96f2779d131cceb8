import { routeQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

export const orderDetailQuery = (bookingId: string) => routeQuery(orderKeys.detail, { bookingId });
