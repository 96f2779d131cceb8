import { routeListQuery, routeQuery } from '../../../lib/api-hooks';
import { orderKeys, orderRefKeys } from './keys';

/** One page of `organizer-booking-list` from the list's URL state. */
export const orderListQuery = (query: Record<string, unknown>) => routeListQuery(orderKeys.list, query);
export const orderDetailQuery = (bookingId: string) => routeQuery(orderKeys.detail, { bookingId });
export const eventOrderListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.eventOrders, query);
export const eventTicketListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.eventTickets, query);
export const attendeeListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.attendees, query);
export const registeredUsersQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.registered, query);
export const chosenTicketsQuery = (query: { eventId: string; ticketIds?: string; bookingIds?: string }) =>
  routeQuery(orderKeys.chosenTickets, query);

export const organizationOptionsQuery = () =>
  routeQuery(orderRefKeys.organizations, { page: 1, limit: 100, sort: 'name' });
/** Events to narrow the orders to: the first 100 of a tab matching `search`, soonest first. */
export const eventOptionsQuery = (tab: 'UPCOMING' | 'PAST', search: string) =>
  routeQuery(orderRefKeys.events, {
    tab,
    limit: 100,
    search: search || undefined,
    sort: tab === 'PAST' ? '-startsAt' : 'startsAt',
  });
export const eventsTabQuery = (query: Record<string, unknown>) => routeListQuery(orderRefKeys.events, query);
export const eventHeaderQuery = (eventId: string) => routeQuery(orderRefKeys.eventHeader, { eventId });
