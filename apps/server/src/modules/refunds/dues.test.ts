import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { sellableEvent } from '../../../test/checkout-fixtures.js';
import { clientHeaders, type TestApp } from '../../../test/helpers.js';
import {
  eventPeople,
  groupSums,
  paidOrder,
  paymentsTestApp,
  payOnCardPage,
  signedEvent,
  withKey,
} from '../../../test/paid-order-fixtures.js';
import {
  auditLog,
  bookings,
  duePayments,
  events,
  ledgerEntries,
  organizationPayouts,
  refunds,
} from '../../db/schema/index.js';
import { systemClock } from '../../lib/clock.js';
import { payOutCompletedEvents } from './commands/pay-out-completed-events.js';

let t: TestApp;
let deliveries: Awaited<ReturnType<typeof paymentsTestApp>>['deliveries'];
let deliver: Awaited<ReturnType<typeof paymentsTestApp>>['deliver'];

beforeAll(async () => {
  ({ t, deliveries, deliver } = await paymentsTestApp());
});
afterAll(async () => {
  await t.close();
});

const as = (token: string, key: string) => withKey(clientHeaders(token), key);

/** A paid order on an event that then completed and was paid out: refunds of it need a due. */
async function paidOutOrder(price = 2000, quantity = 2) {
  const made = await sellableEvent(t, { types: [{ price, seats: 10 }] });
  const people = await eventPeople(t, made);
  const order = await paidOrder(t, made, quantity);
  await t.db.update(events).set({ status: 'COMPLETED' }).where(eq(events.id, made.event.id));
  return { made, order, ...people };
}

describe('payouts of completed events', () => {
  it('pays out once per organization and currency, posts PAYOUT, and shows on the balance', async () => {
    const { made, order, ownerToken } = await paidOutOrder(2000, 2);
    const second = await payOutCompletedEvents(t.db, systemClock);
    const third = await payOutCompletedEvents(t.db, systemClock);
    expect(second.bookings).toBeGreaterThanOrEqual(1);
    expect(third).toEqual({ payouts: 0, bookings: 0 });
    const payouts = await t.db
      .select()
      .from(organizationPayouts)
      .where(eq(organizationPayouts.organizationId, made.organization.id));
    expect(payouts.map((p) => p.amount)).toEqual([4000]);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, order.booking.id));
    expect(row?.paidOutAt).not.toBeNull();
    for (const sum of (await groupSums(t, 'PAYOUT')).values()) expect(sum).toBe(0);
    const posting = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.groupId, payouts[0]?.id as string)));
    expect(posting.map((e) => [e.account, Number(e.amount), e.bookingId]).sort()).toEqual([
      ['BUYER_PAYMENTS', -4000, null],
      ['ORGANIZER_PAYABLE', 4000, null],
    ]);

    const balance = await call(t, c.getOrganizationBalance, {
      token: ownerToken,
      query: { organizationId: made.organization.id },
    });
    expect(balance.status).toBe(200);
    expect(balance.body.result).toMatchObject({ currency: 'USD', held: 0, paidOut: 4000, pendingRefunds: 0 });
    expect(balance.body.result.payouts.map((p) => p.amount)).toEqual([4000]);
  });

  it('the balance itself pays out what completed before it is read; others get 404', async () => {
    const { made, strangerToken, scannerToken, ownerToken } = await paidOutOrder(1000, 1);
    const balance = await call(t, c.getOrganizationBalance, {
      token: ownerToken,
      query: { organizationId: made.organization.id },
    });
    expect(balance.body.result).toMatchObject({ held: 0, paidOut: 1000 });
    for (const token of [strangerToken, scannerToken]) {
      const refused = await call(t, c.getOrganizationBalance, {
        token,
        query: { organizationId: made.organization.id },
      });
      expect(refused.status).toBe(404);
    }
  });
});

describe('what organizers owe', () => {
  it('a refund after payout needs the due paid first; paying it runs the refund exactly once', async () => {
    const { made, order, ownerToken } = await paidOutOrder(2000, 2);
    await payOutCompletedEvents(t.db, systemClock);
    const body = { bookingId: order.booking.id, ticketIds: order.tickets.map((s) => s.id) };

    const quote = await call(t, c.checkBookingDueAmount, { token: ownerToken, body });
    expect(quote.status).toBe(200);
    expect(quote.body.result).toMatchObject({
      amount: 4000,
      organizerPart: 4000,
      organizerHeld: 0,
      due: 4000,
    });

    const refused = await call(t, c.confirmEventOrderRefund, { headers: as(ownerToken, 'no-due'), body });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(c.REFUND_MESSAGES.dueRequired('40.00 USD'));
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, order.booking.id))).toHaveLength(0);

    const returnPath = `/orders/${order.booking.id}/refund/confirm`;
    const due = await call(t, c.payOrderTicketDueAmount, {
      headers: as(ownerToken, `due-${order.booking.id}`),
      body: { ...body, returnPath },
    });
    expect(due.status).toBe(200);
    expect(due.body.result).toMatchObject({
      purpose: 'ORDER_REFUND',
      status: 'PENDING',
      amount: 4000,
      currency: 'USD',
      provider: 'sandbox',
      bookingId: order.booking.id,
      bookingCode: order.booking.code,
      eventId: made.event.id,
    });
    const shown = await call(t, c.organizerTicketsForRefund, {
      token: ownerToken,
      query: { bookingId: order.booking.id },
    });
    expect(shown.body.result.dues.map((d) => d._id)).toEqual([due.body.result._id]);

    // A signed success for less than the due pays nothing: the due stays PENDING, the refusal audited.
    const dueRef = new URL(due.body.result.redirectUrl as string).pathname.split('/').at(-1) as string;
    expect((await deliver(await signedEvent(t, dueRef, 'payment.succeeded', { amount: 1 }))).status).toBe(
      200,
    );
    const [unpaid] = await t.db.select().from(duePayments).where(eq(duePayments.id, due.body.result._id));
    expect(unpaid?.status).toBe('PENDING');
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, due.body.result._id),
          eq(auditLog.action, 'DUE_PAYMENT_CONFIRMATION_REFUSED'),
        ),
      );
    expect(refusals.map((r) => r.after)).toEqual([
      expect.objectContaining({ reportedAmount: 1, reportedCurrency: 'USD', status: 'PENDING' }),
    ]);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, order.booking.id))).toHaveLength(0);

    const sent = deliveries.length;
    const providerRef = await payOnCardPage(t, due.body.result.redirectUrl);
    const delivery = deliveries[sent];
    if (!delivery) throw new Error('no webhook sent');

    const [paid] = await t.db.select().from(duePayments).where(eq(duePayments.id, due.body.result._id));
    expect(paid).toMatchObject({ status: 'SUCCEEDED', providerRef });
    const done = await t.db.select().from(refunds).where(eq(refunds.bookingId, order.booking.id));
    expect(done.map((r) => [r.status, r.amount, r.source])).toEqual([['PROCESSED', 4000, 'ORGANIZER']]);

    // The provider delivers it again, then reports the success once more: nothing changes.
    expect((await deliver(delivery)).body.result).toBe('duplicate');
    expect((await deliver(await signedEvent(t, providerRef, 'payment.succeeded'))).status).toBe(200);
    expect((await deliver(await signedEvent(t, providerRef, 'payment.failed'))).status).toBe(200);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, order.booking.id))).toHaveLength(1);
    const duePosting = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.groupId, due.body.result._id));
    expect(duePosting.map((e) => [e.account, Number(e.amount), e.kind]).sort()).toEqual([
      ['BUYER_PAYMENTS', 4000, 'DUE_PAID'],
      ['ORGANIZER_PAYABLE', -4000, 'DUE_PAID'],
    ]);
    const [still] = await t.db.select().from(duePayments).where(eq(duePayments.id, due.body.result._id));
    expect(still?.status).toBe('SUCCEEDED');

    const balance = await call(t, c.getOrganizationBalance, {
      token: ownerToken,
      query: { organizationId: made.organization.id },
    });
    expect(balance.body.result).toMatchObject({ held: 0, paidOut: 4000 });
    expect(balance.body.result.dues.map((d) => [d._id, d.status])).toEqual([
      [due.body.result._id, 'SUCCEEDED'],
    ]);
  });

  it('nothing owed is a 409; a cancellation due needs a cancelled event', async () => {
    const made = await sellableEvent(t, { types: [{ price: 2000 }] });
    const { ownerToken } = await eventPeople(t, made);
    const order = await paidOrder(t, made, 1);
    const owed = await call(t, c.payOrderTicketDueAmount, {
      headers: as(ownerToken, `nothing-${order.booking.id}`),
      body: {
        bookingId: order.booking.id,
        ticketIds: [order.tickets[0]?.id as string],
        returnPath: '/orders',
      },
    });
    expect(owed.status).toBe(409);
    expect(owed.error?.message).toBe('Nothing is owed for this refund');
    const notCancelled = await call(t, c.payDueToCancelEvent, {
      headers: as(ownerToken, `cancel-${made.event.id}`),
      body: { eventId: made.event.id, returnPath: '/orders' },
    });
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.error?.message).toBe(c.REFUND_MESSAGES.eventNotCancelled);
  });

  it('a cancelled event whose sales were paid out: the due of all its refunds', async () => {
    const { made, ownerToken, scannerToken } = await paidOutOrder(3000, 1);
    await payOutCompletedEvents(t.db, systemClock);
    await t.db.update(events).set({ status: 'CANCELLED' }).where(eq(events.id, made.event.id));
    const due = await call(t, c.payDueToCancelEvent, {
      headers: as(ownerToken, `cancel-due-${made.event.id}`),
      body: { eventId: made.event.id, returnPath: `/orders/events/${made.event.id}/refund` },
    });
    expect(due.status).toBe(200);
    expect(due.body.result).toMatchObject({
      purpose: 'EVENT_CANCELLATION',
      amount: 3000,
      bookingId: null,
      status: 'PENDING',
    });
    expect(due.body.result.redirectUrl).toContain('/api/v1/payment/sandbox/checkout/');
    const scanner = await call(t, c.payDueToCancelEvent, {
      headers: as(scannerToken, `cancel-due-scanner-${made.event.id}`),
      body: { eventId: made.event.id, returnPath: '/orders' },
    });
    expect(scanner.status).toBe(404);
    await payOnCardPage(t, due.body.result.redirectUrl);
    const [paid] = await t.db.select().from(duePayments).where(eq(duePayments.id, due.body.result._id));
    expect(paid?.status).toBe('SUCCEEDED');
    for (const sum of (await groupSums(t, 'DUE_PAID')).values()) expect(sum).toBe(0);
  });
});
