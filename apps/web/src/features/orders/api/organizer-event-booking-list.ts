import { routeListQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

export const eventOrderListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.eventOrders, query);
