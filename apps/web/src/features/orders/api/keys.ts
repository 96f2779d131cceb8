import {
  eventAttendeesList,
  eventRegisteredUsers,
  organizerBookingDetail,
  organizerBookingList,
  organizerBookingTicketList,
  organizerEventBookingList,
  organizerEventBookingTicketList,
  panelOrganizationList,
  panelOrganizerEventList,
  partiallyEventDetail,
  viewTicketList,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/** Orders are read-only in this feature (refunds come later), so nothing here invalidates them yet. */
export const orderKeys = queryKeys('orders', {
  list: organizerBookingList,
  detail: organizerBookingDetail,
  bookingTickets: organizerBookingTicketList,
  chosenTickets: viewTicketList,
  eventOrders: organizerEventBookingList,
  eventTickets: organizerEventBookingTicketList,
  attendees: eventAttendeesList,
  registered: eventRegisteredUsers,
});

/**
 * What the order screens show about events and organizations (filters, the events tab, headers), read
 * under this feature's own scope: an event's title rarely changes while someone reads its orders.
 */
export const orderRefKeys = queryKeys('order-refs', {
  organizations: panelOrganizationList,
  events: panelOrganizerEventList,
  eventHeader: partiallyEventDetail,
});
