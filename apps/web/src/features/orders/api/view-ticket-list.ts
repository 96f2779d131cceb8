import { routeQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

/** The chosen tickets of an event (`view-ticket-list`), by ticket or order ids. */
export const chosenTicketsQuery = (query: { eventId: string; ticketIds?: string; bookingIds?: string }) =>
  routeQuery(orderKeys.chosenTickets, query);
