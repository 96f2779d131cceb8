/** The order screens (docs/routes.md, "Orders"); event-attendees sits under event-management. */
export const ORDER_PATHS = {
  orders: '/orders',
  // Static `events` ranks above `:bookingId`; ids are UUIDs.
  eventOrderDetails: '/orders/events/:eventId',
  orderDetails: '/orders/:bookingId',
  viewTickets: '/orders/:bookingId/tickets',
  eventAttendees: '/event-management/:eventId/attendees',
  // Refunds (docs/refunds.md). Static segments rank above `:bookingId`.
  refundRequest: '/orders/refund-requests/:requestId',
  orderRefund: '/orders/:bookingId/refund',
  confirmRefund: '/orders/:bookingId/refund/confirm',
  issueRefunds: '/orders/issue-refunds',
  eventOrdersIssueRefunds: '/orders/events/:eventId/issue-refunds',
  eventTicketsIssueRefunds: '/orders/events/:eventId/tickets/issue-refunds',
  confirmEventOrderRefund: '/orders/events/:eventId/orders/:bookingId/refund',
} as const;

const id = encodeURIComponent;

export type OrdersTab = 'orders' | 'events' | 'refunds';
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

/**
 * What an organizer chose to refund of one order, carried in the query string from the choosing screen
 * to the confirmation so a reload keeps it: `ticketIds`, a partial `amount` (minor units), the fee
 * choice (`fee=1|0`), and when approving a buyer's request its `requestId` (`all=1`: the whole request).
 */
export interface RefundSelection {
  ticketIds: string[];
  amount?: number;
  refundServiceFee?: boolean;
  requestId?: string;
  wholeRequest?: boolean;
}

export function refundSelectionSearch(selection: RefundSelection): string {
  const search = new URLSearchParams();
  search.set('ticketIds', selection.ticketIds.join(','));
  if (selection.amount !== undefined) search.set('amount', String(selection.amount));
  if (selection.refundServiceFee !== undefined) search.set('fee', selection.refundServiceFee ? '1' : '0');
  if (selection.requestId) search.set('requestId', selection.requestId);
  if (selection.wholeRequest) search.set('all', '1');
  return search.toString();
}

/** The selection back from a query string; anything malformed is left out (the server checks the rest). */
export function readRefundSelection(params: URLSearchParams): RefundSelection {
  const ticketIds = (params.get('ticketIds') ?? '').split(',').filter(Boolean);
  const amountText = params.get('amount');
  const amount = amountText && /^\d+$/.test(amountText) ? Number(amountText) : undefined;
  const fee = params.get('fee');
  return {
    ticketIds,
    amount,
    refundServiceFee: fee === '1' ? true : fee === '0' ? false : undefined,
    requestId: params.get('requestId') || undefined,
    wholeRequest: params.get('all') === '1',
  };
}

export const refundRequestPath = (requestId: string, bookingId?: string) =>
  `/orders/refund-requests/${id(requestId)}${bookingId ? `?bookingId=${id(bookingId)}` : ''}`;
/** The order-refund screen, or with `eventId` the same flow in its event's context. */
export const orderRefundPath = (bookingId: string, eventId?: string) =>
  eventId
    ? `/orders/events/${id(eventId)}/orders/${id(bookingId)}/refund`
    : `/orders/${id(bookingId)}/refund`;
/** The confirmation of a chosen refund (in the event's context it is the same URL with `step=confirm`). */
export const confirmRefundPath = (bookingId: string, selection: RefundSelection, eventId?: string) =>
  eventId
    ? `${orderRefundPath(bookingId, eventId)}?step=confirm&${refundSelectionSearch(selection)}`
    : `/orders/${id(bookingId)}/refund/confirm?${refundSelectionSearch(selection)}`;
export const issueRefundsPath = (bookingIds: readonly string[], eventId?: string) =>
  `${eventId ? `/orders/events/${id(eventId)}` : '/orders'}/issue-refunds?bookingIds=${bookingIds.join(',')}`;
export const eventTicketsIssueRefundsPath = (eventId: string, ticketIds: readonly string[]) =>
  `/orders/events/${id(eventId)}/tickets/issue-refunds?ticketIds=${ticketIds.join(',')}`;
export const refundRequestsTabPath = () => '/orders?tab=refunds';
