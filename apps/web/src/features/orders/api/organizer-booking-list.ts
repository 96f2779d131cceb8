import { routeListQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

/** One page of `organizer-booking-list` from the list's URL state. */
export const orderListQuery = (query: Record<string, unknown>) => routeListQuery(orderKeys.list, query);
