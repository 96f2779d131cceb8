/** The order screens (docs/routes.md, "Orders"); event-attendees sits under event-management. */
export const ORDER_PATHS = {
  orders: '/orders',
  // Static `events` ranks above `:bookingId`; ids are UUIDs.
  eventOrderDetails: '/orders/events/:eventId',
  orderDetails: '/orders/:bookingId',
  viewTickets: '/orders/:bookingId/tickets',
  eventAttendees: '/event-management/:eventId/attendees',
} as const;

const id = encodeURIComponent;

export type OrdersTab = 'orders' | 'events';
export type EventOrdersTab = 'orders' | 'tickets' | 'people';

export const orderDetailsPath = (bookingId: string) => `/orders/${id(bookingId)}`;
/**
 * The tickets of one order, or of chosen tickets (`ticketIds`) or orders (`bookingIds`) of the same
 * event, which travel in the query string so the page survives a reload.
 */
export const viewTicketsPath = (
  bookingId: string,
  chosen: { ticketIds?: readonly string[]; bookingIds?: readonly string[] } = {},
) => {
  const search = new URLSearchParams();
  if (chosen.ticketIds?.length) search.set('ticketIds', chosen.ticketIds.join(','));
  if (chosen.bookingIds?.length) search.set('bookingIds', chosen.bookingIds.join(','));
  const text = search.toString();
  return `/orders/${id(bookingId)}/tickets${text ? `?${text}` : ''}`;
};
export const eventOrdersPath = (eventId: string, tab?: EventOrdersTab) =>
  `/orders/events/${id(eventId)}${tab && tab !== 'orders' ? `?tab=${tab}` : ''}`;
export const eventAttendeesPath = (eventId: string) => `/event-management/${id(eventId)}/attendees`;
