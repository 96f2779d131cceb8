import {
  eventAttendeesList,
  eventRegisteredUsers,
  getReasonList,
  organizerBookingDetail,
  organizerBookingList,
  organizerBookingTicketList,
  organizerEventBookingList,
  organizerEventBookingTicketList,
  organizerRefundBookingTicketList,
  organizerTicketsForRefund,
  panelOrganizationList,
  panelOrganizerEventList,
  partiallyEventDetail,
  viewTicketList,
} from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/** The orders and their tickets; every refund call refreshes them (`AFTER_REFUND`). */
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

/** Refund reads of the orders feature. */
export const refundKeys = queryKeys('order-refunds', {
  requests: organizerRefundBookingTicketList,
  forRefund: organizerTicketsForRefund,
  reasons: getReasonList,
});

/** After any refund change: orders (refunded amounts, ticket states) and refund reads are stale. */
export const AFTER_REFUND = [refundKeys.all, orderKeys.all];
