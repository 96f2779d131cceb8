import {
  type BodyOf,
  bookingRefundProcessed,
  checkBookingDueAmount,
  confirmEventOrderRefund,
  declineBookingRefundRequest,
  declineRefundRequest,
  eventOrdersIssueRefunds,
  eventTicketsIssueRefunds,
  getReasonList,
  HEADERS,
  issueRefunds,
  type OrderRefundBody,
  organizerRefundBookingTicketList,
  organizerTicketsForRefund,
  payOrderTicketDueAmount,
  refundProcessed,
} from '@marquee/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { routeListQuery, routeQuery } from '../../../lib/api-hooks';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { orderKeys } from '../api/keys';
import type { RefundSelection } from '../paths';

/** Refund reads of the orders feature; every refund call refreshes them and the orders. */
export const refundKeys = queryKeys('order-refunds', {
  requests: organizerRefundBookingTicketList,
  forRefund: organizerTicketsForRefund,
  reasons: getReasonList,
});

export const refundRequestListQuery = (query: Record<string, unknown>) =>
  routeListQuery(refundKeys.requests, query);
export const ticketsForRefundQuery = (bookingId: string) => routeQuery(refundKeys.forRefund, { bookingId });
export const declineReasonsQuery = () => routeQuery(refundKeys.reasons, { kind: 'REFUND_DECLINE' });

/** The body of one order's refund from a selection (the shape check-booking-due-amount and confirm take). */
export function orderRefundBody(bookingId: string, selection: RefundSelection): OrderRefundBody {
  return {
    bookingId,
    ticketIds: selection.ticketIds,
    ...(selection.amount !== undefined ? { amount: selection.amount } : {}),
    ...(selection.refundServiceFee !== undefined ? { refundServiceFee: selection.refundServiceFee } : {}),
  };
}

/**
 * The split of a refund before Confirm (`check-booking-due-amount`). A POST that changes nothing, read
 * like a query so a reload or Retry asks again; silent because the screen shows its failure in place.
 */
export const refundQuoteQuery = (body: OrderRefundBody) =>
  queryOptions({
    queryKey: [...refundKeys.all, 'quote', body] as const,
    queryFn: async () => (await http(checkBookingDueAmount, { body, silent: true })).result,
    retry: false,
    // A quote depends on the held balance, which other refunds change: always ask afresh.
    staleTime: 0,
    gcTime: 0,
  });

const withKey = (key: string) => ({ headers: { [HEADERS.idempotencyKey]: key } });

/**
 * Confirms one order's refund. `key` belongs to one visit of the confirmation screen: a retry after a
 * lost answer sends it again and the server answers the same refund instead of paying twice. With a
 * `requestId` it approves the buyer's request (chosen tickets, or the whole request).
 */
export async function confirmOrderRefund(bookingId: string, selection: RefundSelection, key: string) {
  const choice = {
    ...(selection.amount !== undefined ? { amount: selection.amount } : {}),
    ...(selection.refundServiceFee !== undefined ? { refundServiceFee: selection.refundServiceFee } : {}),
  };
  if (selection.requestId && selection.wholeRequest)
    return http(bookingRefundProcessed, {
      body: { requestId: selection.requestId, ...choice },
      ...withKey(key),
    });
  if (selection.requestId)
    return http(refundProcessed, {
      body: { requestId: selection.requestId, ticketIds: selection.ticketIds, ...choice },
      ...withKey(key),
    });
  return http(confirmEventOrderRefund, { body: orderRefundBody(bookingId, selection), ...withKey(key) });
}

/** Starts paying what the organizer owes; the refund runs once the payment succeeds. */
export async function payRefundDue(body: OrderRefundBody, returnPath: string, key: string) {
  return (await http(payOrderTicketDueAmount, { body: { ...body, returnPath }, ...withKey(key) })).result;
}

export type BulkTarget =
  | { kind: 'orders'; bookingIds: string[] }
  | { kind: 'event-orders'; eventId: string; bookingIds: string[] }
  | { kind: 'event-tickets'; eventId: string; ticketIds: string[] };

/** One bulk refund call, by where the selection came from. */
export async function issueBulkRefund(
  target: BulkTarget,
  refundServiceFee: boolean | undefined,
  key: string,
) {
  const fee = refundServiceFee === undefined ? {} : { refundServiceFee };
  if (target.kind === 'orders')
    return http(issueRefunds, { body: { bookingIds: target.bookingIds, ...fee }, ...withKey(key) });
  if (target.kind === 'event-orders')
    return http(eventOrdersIssueRefunds, {
      body: { eventId: target.eventId, bookingIds: target.bookingIds, ...fee },
      ...withKey(key),
    });
  return http(eventTicketsIssueRefunds, {
    body: { eventId: target.eventId, ticketIds: target.ticketIds, ...fee },
    ...withKey(key),
  });
}

/** Declines chosen tickets of a request (or all of it) with a reason; the buyer is emailed. */
export function useDeclineRequest() {
  const refresh = useRefundRefresh();
  return useMutation({
    // The whole request's body, plus the chosen tickets when only some are declined.
    mutationFn: async (input: BodyOf<typeof declineBookingRefundRequest> & { ticketIds?: string[] }) => {
      const { ticketIds, ...rest } = input;
      const note = rest.note?.trim() ? { note: rest.note.trim() } : {};
      const body = { requestId: rest.requestId, reasonId: rest.reasonId, ...note };
      return ticketIds
        ? http(declineRefundRequest, { body: { ...body, ticketIds } })
        : http(declineBookingRefundRequest, { body });
    },
    onSuccess: refresh,
  });
}

/** After any refund change: orders (refunded amounts, ticket states) and refund reads are stale. */
export function useRefundRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: refundKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    ]);
  };
}
