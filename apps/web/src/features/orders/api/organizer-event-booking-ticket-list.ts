import { routeListQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

export const eventTicketListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.eventTickets, query);
