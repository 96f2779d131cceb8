import type { BulkRefundResult } from '@marquee/contract';
import { REFUND_MESSAGES } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { EngineDeps } from '../deps.js';
import { refundableTickets } from '../queries/refundable-tickets.js';
import { ordersByIds, ticketsByIds } from '../repo/orders.js';
import { DueRequired, refundOrder } from './refund-order.js';

type Item = BulkRefundResult['items'][number];

export interface BulkInput {
  actor: Actor;
  /** The caller's idempotency-key header: each order's refund key derives from it. */
  key: string;
  refundServiceFee?: boolean;
  note?: string;
  /** The event every order (or ticket) must belong to, when the call names one. */
  eventId?: string;
}

/**
 * issue-refunds, event-orders-issue-refunds, event-tickets-issue-refunds: one refund per order, each
 * its own engine call (and transaction) keyed `bulk:<user>:<header key>:<booking>`, so a retry of the
 * whole call refunds nothing twice. An order that cannot go ahead is reported, not fatal: nothing left
 * (NOTHING_TO_REFUND), the organizer owing money first (DUE_REQUIRED, with the due), the provider not
 * confirming yet (PENDING: finished later, never repeated).
 */
export function bulkRefunds(deps: EngineDeps) {
  const { db } = deps;

  async function refundOne(
    input: BulkInput,
    booking: { id: string; code: string; currency: string },
    chosen: string[] | null,
  ): Promise<Item> {
    const base = { bookingId: booking.id, code: booking.code, amount: 0, due: 0 };
    const refundable = (await refundableTickets(db, booking.id, input.refundServiceFee)).filter(
      (t) => t.selectable && t.refundable > 0 && (chosen === null || chosen.includes(t._id)),
    );
    if (!refundable.length)
      return { ...base, outcome: 'NOTHING_TO_REFUND', message: REFUND_MESSAGES.nothingLeft };
    try {
      const row = await refundOrder(deps, {
        bookingId: booking.id,
        ticketIds: refundable.map((t) => t._id),
        refundServiceFee: input.refundServiceFee,
        source: 'ORGANIZER',
        reason: input.note ?? null,
        idempotencyKey: `bulk:${input.actor.user.id}:${input.key}:${booking.id}`,
        initiatedBy: input.actor.user.id,
      });
      if (row.status === 'PROCESSED')
        return { ...base, outcome: 'PROCESSED', amount: row.amount, message: 'Refund processed.' };
      if (row.status === 'PENDING')
        return {
          ...base,
          outcome: 'PENDING',
          amount: row.amount,
          message: 'Waiting for the payment provider to confirm; it will be finished, not repeated.',
        };
      return { ...base, outcome: 'FAILED', message: row.lastError ?? 'The refund failed.' };
    } catch (error) {
      if (error instanceof DueRequired)
        return { ...base, outcome: 'DUE_REQUIRED', due: error.due, message: error.message };
      if (error instanceof AppError && error.statusCode < 500) {
        const nothing = error.message === REFUND_MESSAGES.nothingLeft;
        return { ...base, outcome: nothing ? 'NOTHING_TO_REFUND' : 'FAILED', message: error.message };
      }
      deps.log?.error({ err: error, bookingId: booking.id }, 'a bulk refund failed');
      return { ...base, outcome: 'FAILED', message: 'The refund could not be made. Please try again.' };
    }
  }

  function summarize(items: Item[], currency: string | null): BulkRefundResult {
    const done = items.filter((i) => i.outcome === 'PROCESSED' || i.outcome === 'PENDING');
    return {
      items,
      processed: items.filter((i) => i.outcome === 'PROCESSED').length,
      pending: items.filter((i) => i.outcome === 'PENDING').length,
      skipped: items.length - done.length,
      currency,
      amount: done.reduce((sum, i) => sum + i.amount, 0),
    };
  }

  async function ordersOf(ids: string[], eventId: string | undefined) {
    const rows = await ordersByIds(db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The access rule resolved every id; a booking of another event than the one named is not "here".
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row || (eventId && row.eventId !== eventId)) throw notFound('The order');
      return row;
    });
  }

  return {
    /** Whole orders (issue-refunds; event-orders-issue-refunds with `eventId`). */
    async orders(input: BulkInput & { bookingIds: string[] }): Promise<BulkRefundResult> {
      const orders = await ordersOf([...new Set(input.bookingIds)], input.eventId);
      const items: Item[] = [];
      for (const order of orders) items.push(await refundOne(input, order, null));
      return summarize(items, orders[0]?.currency ?? null);
    },

    /** Chosen tickets of one event, grouped per order (event-tickets-issue-refunds). */
    async tickets(input: BulkInput & { eventId: string; ticketIds: string[] }): Promise<BulkRefundResult> {
      const ids = [...new Set(input.ticketIds)];
      const rows = await ticketsByIds(db, ids);
      if (rows.length !== ids.length || rows.some((r) => r.eventId !== input.eventId))
        throw notFound('The ticket');
      const perBooking = new Map<string, string[]>();
      for (const row of rows)
        perBooking.set(row.bookingId, [...(perBooking.get(row.bookingId) ?? []), row.id]);
      const orders = await ordersOf([...perBooking.keys()], input.eventId);
      const items: Item[] = [];
      for (const order of orders) items.push(await refundOne(input, order, perBooking.get(order.id) ?? []));
      return summarize(items, orders[0]?.currency ?? null);
    },
  };
}

export type BulkRefunds = ReturnType<typeof bulkRefunds>;
