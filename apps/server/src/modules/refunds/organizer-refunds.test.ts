import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { sellableEvent } from '../../../test/checkout-fixtures.js';
import { clientHeaders, createUser, loginAs, type TestApp } from '../../../test/helpers.js';
import {
  eventPeople,
  groupSums,
  paidOrder,
  paymentsTestApp,
  withKey,
} from '../../../test/paid-order-fixtures.js';
import { auditLog, bookings, refunds, tickets } from '../../db/schema/index.js';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await paymentsTestApp());
});
afterAll(async () => {
  await t.close();
});

const as = (token: string, key: string) => withKey(clientHeaders(token), key);

async function refundsOf(bookingId: string) {
  return t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
}

async function expectBalancedRefunds() {
  const sums = await groupSums(t, 'REFUND');
  expect(sums.size).toBeGreaterThan(0);
  for (const sum of sums.values()) expect(sum).toBe(0);
}

describe('organizer-initiated refunds of one order', () => {
  it('refunds part of a ticket, then the rest of the order; amounts, tickets and ledger add up', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2000, seats: 10 }] });
    const { ownerToken } = await eventPeople(t, made);
    const { booking, tickets: seats } = await paidOrder(t, made, 2);
    const [first, second] = seats.map((s) => s.id) as [string, string];

    const options = await call(t, c.organizerTicketsForRefund, {
      token: ownerToken,
      query: { bookingId: booking.id },
    });
    expect(options.status).toBe(200);
    expect(options.body.result.order.code).toBe(booking.code);
    expect(options.body.result.tickets.map((x) => x._id).sort()).toEqual([first, second].sort());
    expect(options.body.result.refundable).toBe(4000);
    expect(options.body.result.refunds).toEqual([]);
    expect(options.body.result.dues).toEqual([]);

    const quote = await call(t, c.checkBookingDueAmount, {
      token: ownerToken,
      body: { bookingId: booking.id, ticketIds: [first], amount: 500 },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.result).toMatchObject({ amount: 500, feePart: 0, organizerPart: 500, due: 0 });

    const partial = await call(t, c.confirmEventOrderRefund, {
      headers: as(ownerToken, `partial-${booking.id}`),
      body: { bookingId: booking.id, eventId: made.event.id, ticketIds: [first], amount: 500, note: 'Late' },
    });
    expect(partial.status).toBe(200);
    expect(partial.body.result.refund).toMatchObject({
      status: 'PROCESSED',
      amount: 500,
      source: 'ORGANIZER',
    });
    expect(partial.body.message).toBe('Refund processed.');
    // The same call again (a retry) moves no more money.
    const again = await call(t, c.confirmEventOrderRefund, {
      headers: as(ownerToken, `partial-${booking.id}`),
      body: { bookingId: booking.id, eventId: made.event.id, ticketIds: [first], amount: 500, note: 'Late' },
    });
    expect(again.status).toBe(200);
    expect(await refundsOf(booking.id)).toHaveLength(1);

    const rest = await call(t, c.confirmEventOrderRefund, {
      headers: as(ownerToken, `rest-${booking.id}`),
      body: { bookingId: booking.id, ticketIds: [first, second] },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.result.refund).toMatchObject({ status: 'PROCESSED', amount: 3500 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ refunded: 4000, organizerRefunded: 4000, feeRefunded: 0 });
    const after = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(after.map((x) => x.status)).toEqual(['REFUNDED', 'REFUNDED']);
    expect((await refundsOf(booking.id)).map((r) => r.status)).toEqual(['PROCESSED', 'PROCESSED']);
    await expectBalancedRefunds();

    const done = await call(t, c.organizerTicketsForRefund, {
      token: ownerToken,
      query: { bookingId: booking.id },
    });
    expect(done.body.result.refunds).toHaveLength(2);
    expect(done.body.result.order.refunded).toBe(4000);
  });

  it('answers 404 for an order of another event, another organization, and for a scanner', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2000 }] });
    const other = await sellableEvent(t, { types: [{ price: 2000 }] });
    const { ownerToken, scannerToken, strangerToken } = await eventPeople(t, made);
    const { booking, tickets: seats } = await paidOrder(t, made, 1);
    const body = { bookingId: booking.id, ticketIds: seats.map((s) => s.id) };
    const wrongEvent = await call(t, c.confirmEventOrderRefund, {
      headers: as(ownerToken, `wrong-${booking.id}`),
      body: { ...body, eventId: other.event.id },
    });
    expect(wrongEvent.status).toBe(404);
    for (const token of [scannerToken, strangerToken]) {
      const refused = await call(t, c.confirmEventOrderRefund, {
        headers: as(token, `no-${booking.id}`),
        body,
      });
      expect(refused.status).toBe(404);
      const read = await call(t, c.organizerTicketsForRefund, { token, query: { bookingId: booking.id } });
      expect(read.status).toBe(404);
    }
    expect(await refundsOf(booking.id)).toHaveLength(0);
  });

  it('lets an administrator refund any order (support), audit-logged as the administrator', async () => {
    const made = await sellableEvent(t, { types: [{ price: 1200 }] });
    const { booking, tickets: seats } = await paidOrder(t, made, 1);
    const admin = await createUser(t, { role: 'ADMIN' });
    const token = await loginAs(t, admin.email, admin.password);
    const read = await call(t, c.organizerTicketsForRefund, { token, query: { bookingId: booking.id } });
    expect(read.status).toBe(200);
    const answer = await call(t, c.confirmEventOrderRefund, {
      headers: as(token, `support-${booking.id}`),
      body: { bookingId: booking.id, ticketIds: seats.map((s) => s.id), note: 'Support' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.refund).toMatchObject({
      status: 'PROCESSED',
      initiatedBy: `${admin.firstName} ${admin.lastName}`,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, answer.body.result.refund._id));
    expect(entry).toMatchObject({ action: 'REFUND_STARTED', actorId: admin.id, actorRole: 'ADMIN' });
  });

  it('needs an idempotency key', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2000 }] });
    const { ownerToken } = await eventPeople(t, made);
    const { booking, tickets: seats } = await paidOrder(t, made, 1);
    const answer = await call(t, c.confirmEventOrderRefund, {
      token: ownerToken,
      body: { bookingId: booking.id, ticketIds: seats.map((s) => s.id) },
    });
    expect(answer.status).toBe(400);
  });
});

describe('bulk refunds', () => {
  it('refuses an empty selection with the spec message', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2000 }] });
    const { ownerToken } = await eventPeople(t, made);
    for (const [route, body] of [
      [c.issueRefunds, { bookingIds: [] }],
      [c.eventOrdersIssueRefunds, { eventId: made.event.id, bookingIds: [] }],
      [c.eventTicketsIssueRefunds, { eventId: made.event.id, ticketIds: [] }],
    ] as const) {
      const answer = await call(t, route, {
        headers: as(ownerToken, `empty-${route.path}`),
        body: body as never,
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.error)).toContain(c.EMPTY_SELECTION.issueRefund);
    }
  });

  it('refunds chosen orders in full, once; then reports nothing left', async () => {
    const made = await sellableEvent(t, { types: [{ price: 1500, seats: 20 }] });
    const { ownerToken } = await eventPeople(t, made);
    const one = await paidOrder(t, made, 1);
    const two = await paidOrder(t, made, 2);
    const ids = [one.booking.id, two.booking.id];
    const first = await call(t, c.eventOrdersIssueRefunds, {
      headers: as(ownerToken, `bulk-${made.event.id}`),
      body: { eventId: made.event.id, bookingIds: ids },
    });
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({
      processed: 2,
      pending: 0,
      skipped: 0,
      currency: 'USD',
      amount: 4500,
    });
    expect(first.body.result.items.map((i) => i.outcome)).toEqual(['PROCESSED', 'PROCESSED']);
    const retry = await call(t, c.eventOrdersIssueRefunds, {
      headers: as(ownerToken, `bulk-${made.event.id}`),
      body: { eventId: made.event.id, bookingIds: ids },
    });
    expect(retry.status).toBe(200);
    const later = await call(t, c.issueRefunds, {
      headers: as(ownerToken, `bulk-again-${made.event.id}`),
      body: { bookingIds: ids },
    });
    expect(later.status).toBe(200);
    expect(later.body.result.items.map((i) => i.outcome)).toEqual(['NOTHING_TO_REFUND', 'NOTHING_TO_REFUND']);
    expect(later.body.result).toMatchObject({ processed: 0, skipped: 2, amount: 0 });
    expect((await refundsOf(one.booking.id)).length + (await refundsOf(two.booking.id)).length).toBe(2);
    await expectBalancedRefunds();
  });

  it('refunds chosen tickets grouped per order; tickets or orders of another event are 404', async () => {
    const made = await sellableEvent(t, { types: [{ price: 1000, seats: 20 }] });
    const other = await sellableEvent(t, { types: [{ price: 1000 }] });
    const { ownerToken } = await eventPeople(t, made);
    const one = await paidOrder(t, made, 2);
    const two = await paidOrder(t, made, 1);
    const foreign = await paidOrder(t, other, 1);
    const chosen = [one.tickets[0]?.id as string, two.tickets[0]?.id as string];
    const answer = await call(t, c.eventTicketsIssueRefunds, {
      headers: as(ownerToken, `tickets-${made.event.id}`),
      body: { eventId: made.event.id, ticketIds: chosen },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ processed: 2, amount: 2000 });
    const [left] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, one.tickets[1]?.id as string));
    expect(left?.status).toBe('VALID');

    const foreignTicket = await call(t, c.eventTicketsIssueRefunds, {
      headers: as(ownerToken, `tickets-foreign-${made.event.id}`),
      body: {
        eventId: made.event.id,
        ticketIds: [one.tickets[1]?.id as string, foreign.tickets[0]?.id as string],
      },
    });
    expect(foreignTicket.status).toBe(404);
    // The owner of the event's organization cannot reach the other organization's order at all.
    const foreignOrder = await call(t, c.eventOrdersIssueRefunds, {
      headers: as(ownerToken, `orders-foreign-${made.event.id}`),
      body: { eventId: made.event.id, bookingIds: [foreign.booking.id] },
    });
    expect(foreignOrder.status).toBe(404);
    expect(await refundsOf(foreign.booking.id)).toHaveLength(0);
    expect(await refundsOf(one.booking.id)).toHaveLength(1);
  });
});
