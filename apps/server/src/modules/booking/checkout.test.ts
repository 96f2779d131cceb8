import * as c from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, inventoryOf, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  createTestApp,
  createUser,
  deliverMessages,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import {
  bookingEvents,
  bookings,
  eventOccurrences,
  events,
  ledgerEntries,
  outboxMessages,
  payments,
  sandboxPayments,
  tickets,
} from '../../db/schema/index.js';
import { releaseExpiredHolds, settlement } from './index.js';

const clock = manualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { booking: { holdMinutes: 10, sweepSeconds: 0 } } });
});
afterAll(async () => {
  await t.close();
});

/** The provider's verdict on a payment, reporting the amount and currency the payment asked for. */
async function settle(providerRef: string, outcome: 'SUCCEEDED' | 'FAILED') {
  const [row] = await t.db.select().from(payments).where(eq(payments.providerRef, providerRef));
  const charged = { amount: row?.amount ?? null, currency: row?.currency ?? null };
  return settlement(t.app.ports).settle({ provider: 'sandbox', providerRef, outcome, ...charged });
}

async function paymentOf(bookingId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!row?.providerRef) throw new Error('no started payment');
  return row;
}

async function bookingRow(id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error('no booking');
  return row;
}

describe('buyer event reads', () => {
  it('lists public events and opens one by slug with fees, remaining seats and sales state', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ price: 2000, seats: 5 }] });
    const slug = `harbour-night-${event.id.slice(0, 8)}`;
    await t.db.update(events).set({ slug }).where(eq(events.id, event.id));
    const list = await call(t, c.publicEventList, { query: { search: event.title } });
    expect(list.status).toBe(200);
    expect(list.body.result.items.map((e) => e._id)).toEqual([event.id]);
    const detail = await call(t, c.publicEventDetail, { query: { event: slug } });
    expect(detail.status).toBe(200);
    const type = detail.body.result.ticketTypes[0];
    // 2.5 % of 20.00 plus 0.99, paid by the buyer.
    expect(type).toMatchObject({ price: 2000, buyerFee: 149, buyerPays: 2149, maxPerOrder: 10 });
    expect(detail.body.result.occurrences[0]).toMatchObject({
      salesState: 'ON_SALE',
      remaining: { [ticketTypes[0]?.id as string]: 5 },
    });
  });

  it('hides drafts, blocked and archived events, and shows a cancelled one as cancelled', async () => {
    const draft = await sellableEvent(t, { values: { status: 'DRAFT' } });
    const blocked = await sellableEvent(t, { values: { isBlocked: true } });
    const cancelled = await sellableEvent(t, { values: { status: 'CANCELLED' } });
    for (const made of [draft, blocked]) {
      expect((await call(t, c.publicEventDetail, { query: { event: made.event.id } })).status).toBe(404);
    }
    const shown = await call(t, c.publicEventDetail, { query: { event: cancelled.event.id } });
    expect(shown.body.result.salesState).toBe('CANCELLED');
    const refused = await book(t, {
      eventId: cancelled.event.id,
      lines: [{ ticketTypeId: cancelled.ticketTypes[0]?.id as string, quantity: 1 }],
      buyer: guest,
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(c.BOOKING_MESSAGES.notOnSale);
  });
});

describe('create-booking', () => {
  it('confirms a free booking at once with one ticket per seat and emails the ticket page link', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE', seats: 10 }] });
    const answer = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 3 }],
      buyer: guest,
    });
    expect(answer.status).toBe(200);
    const booking = answer.body.result;
    expect(booking).toMatchObject({ status: 'CONFIRMED', total: 0, payment: null });
    expect(booking.code).toMatch(/^MQ-[2-9A-HJ-NP-Z]{8}$/);
    expect(booking.tickets).toHaveLength(3);
    expect(booking.tickets[0]?.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(3);
    await deliverMessages(t);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.to, guest.email), sql`${outboxMessages.subject} like ${`%${booking.code}%`}`),
      );
    expect(mail?.text).toContain(`/booking/${booking._id}?token=${booking.accessToken}`);
    expect(mail?.html).toContain('data:image/png;base64,');
    const again = await call(t, c.getBuyerBooking, {
      query: { bookingId: booking._id, token: booking.accessToken },
    });
    expect(again.body.result.tickets).toHaveLength(3);
    const wrong = await call(t, c.getBuyerBooking, {
      query: { bookingId: booking._id, token: 'x'.repeat(43) },
    });
    expect(wrong.status).toBe(404);
  });

  it('answers a retried idempotency key with the first answer and books once', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE' }] });
    const body = {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
      buyer: guest,
    };
    const first = await book(t, body, { key: `retry-${event.id}` });
    const second = await book(t, body, { key: `retry-${event.id}` });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const rows = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(rows).toHaveLength(1);
    const missing = await call(t, c.createBooking, { body });
    expect(missing.status).toBe(400);
  });

  it('identifies a signed-in buyer from the session and needs a guest buyer otherwise', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ pricing: 'FREE' }] });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }];
    const anonymous = await book(t, { eventId: event.id, lines: line });
    expect(anonymous.status).toBe(400);
    expect(anonymous.error?.errors).toEqual([{ field: 'buyer', message: c.BOOKING_MESSAGES.buyerNeeded }]);
    const user = await createUser(t, { firstName: 'Bea', lastName: 'Buyer' });
    const token = await loginAs(t, user.email, user.password);
    const signedIn = await book(t, { eventId: event.id, lines: line }, { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.buyer).toEqual({ name: 'Bea Buyer', email: user.email });
    expect((await bookingRow(signedIn.body.result._id)).buyerUserId).toBe(user.id);
  });

  it('checks per-type minimums and maximums, the organization per-order maximum and donation minimums', async () => {
    const { event, ticketTypes } = await sellableEvent(t, {
      maxTicketsPerOrder: 4,
      types: [
        { minPerOrder: 2, maxPerOrder: 3 },
        { pricing: 'DONATION', price: 500 },
      ],
    });
    const [paid, donation] = ticketTypes.map((type) => type.id) as [string, string];
    const below = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: paid, quantity: 1 }],
      buyer: guest,
    });
    expect(below.error?.errors).toEqual([
      { field: 'lines.0.quantity', message: c.BOOKING_MESSAGES.belowMinimum('Ticket 1', 2) },
    ]);
    const above = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: paid, quantity: 4 }],
      buyer: guest,
    });
    expect(above.error?.errors).toEqual([
      { field: 'lines.0.quantity', message: c.BOOKING_MESSAGES.aboveMaximum('Ticket 1', 3) },
    ]);
    const order = await book(t, {
      eventId: event.id,
      lines: [
        { ticketTypeId: paid, quantity: 3 },
        { ticketTypeId: donation, quantity: 2, amount: 500 },
      ],
      buyer: guest,
    });
    expect(order.error?.errors).toEqual([{ field: 'lines', message: c.BOOKING_MESSAGES.perOrderMax(4) }]);
    const stingy = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: donation, quantity: 1, amount: 499 }],
      buyer: guest,
    });
    expect(stingy.error?.errors).toEqual([
      { field: 'lines.0.amount', message: c.BOOKING_MESSAGES.donationMinimum },
    ]);
    const generous = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: donation, quantity: 1, amount: 2000 }],
      buyer: guest,
    });
    // The donation's fee is on the amount given.
    expect(generous.body.result).toMatchObject({
      subtotal: 2000,
      serviceFee: 149,
      total: 2149,
      status: 'HELD',
    });
  });

  it('asks for one attendee name per ticket when the event wants them', async () => {
    const { event, ticketTypes } = await sellableEvent(t, {
      attendeeNames: true,
      types: [{ pricing: 'FREE' }],
    });
    const id = ticketTypes[0]?.id as string;
    const missing = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: id, quantity: 2, attendees: ['Ann Able'] }],
      buyer: guest,
    });
    expect(missing.error?.errors).toEqual([
      { field: 'lines.0.attendees', message: c.BOOKING_MESSAGES.attendeesNeeded },
    ]);
    const named = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: id, quantity: 2, attendees: ['Ann Able', 'Ben Baker'] }],
      buyer: guest,
    });
    expect(named.body.result.tickets.map((ticket) => ticket.attendeeName)).toEqual(['Ann Able', 'Ben Baker']);
  });

  it('needs a date for a drop-in class and books a course once for all sessions', async () => {
    const dropIn = await sellableEvent(t, { dropIn: true, occurrences: 3 });
    const line = [{ ticketTypeId: dropIn.ticketTypes[0]?.id as string, quantity: 1 }];
    const noDate = await book(t, { eventId: dropIn.event.id, lines: line, buyer: guest });
    expect(noDate.error?.errors).toEqual([{ field: 'occurrenceId', message: 'Choose a date' }]);
    const second = dropIn.occurrences[1]?.id as string;
    const dated = await book(t, {
      eventId: dropIn.event.id,
      occurrenceId: second,
      lines: line,
      buyer: guest,
    });
    expect(dated.body.result.occurrence?._id).toBe(second);
    const [date] = await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.id, second));
    expect(date?.sold).toBe(1);

    const course = await sellableEvent(t, { course: true, occurrences: 4, types: [{ seats: 2 }] });
    const courseType = course.ticketTypes[0]?.id as string;
    const booked = await book(t, {
      eventId: course.event.id,
      occurrenceId: course.occurrences[2]?.id,
      lines: [{ ticketTypeId: courseType, quantity: 2 }],
      buyer: guest,
    });
    expect(booked.status).toBe(200);
    expect(booked.body.result.occurrence).toBeNull();
    const rows = await inventoryOf(t, courseType);
    expect(rows).toEqual([expect.objectContaining({ occurrenceId: null, sold: 2, capacity: 2 })]);
    const detail = await call(t, c.publicEventDetail, { query: { event: course.event.id } });
    expect(detail.body.result.occurrences).toEqual([
      expect.objectContaining({ _id: null, salesState: 'SOLD_OUT', remaining: { [courseType]: 0 } }),
    ]);
  });

  it('answers 409 with what is left when a line does not fit, and takes nothing of the order', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 5 }, { seats: 2 }] });
    const [a, b] = ticketTypes.map((type) => type.id) as [string, string];
    const refused = await book(t, {
      eventId: event.id,
      lines: [
        { ticketTypeId: a, quantity: 2 },
        { ticketTypeId: b, quantity: 3 },
      ],
      buyer: guest,
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.errors).toEqual([
      { field: 'lines.1.quantity', message: c.BOOKING_MESSAGES.soldOut('Ticket 2', 2) },
    ]);
    expect((await inventoryOf(t, a))[0]?.sold).toBe(0);
    expect(await t.db.select().from(bookings).where(eq(bookings.eventId, event.id))).toHaveLength(0);
  });
});

describe('holds, payment and settlement', () => {
  it('holds paid seats, starts the payment and sells expired seats again', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 1, price: 1000 }] });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }];
    const held = await book(t, { eventId: event.id, lines: line, buyer: guest, returnPath: '/e/x/booking' });
    expect(held.body.result).toMatchObject({ status: 'HELD', subtotal: 1000, serviceFee: 124, total: 1124 });
    expect(held.body.result.payment?.redirectUrl).toMatch(
      /\/api\/v1\/payment\/sandbox\/checkout\/sandbox_pay_[0-9a-f]{24}\?link=[\w-]+$/,
    );
    const late = await book(t, { eventId: event.id, lines: line, buyer: guest });
    expect(late.status).toBe(409);
    expect(late.error?.message).toBe(c.BOOKING_MESSAGES.soldOut('Ticket 1', 0));
    clock.advance(11 * 60_000);
    const again = await book(t, { eventId: event.id, lines: line, buyer: guest });
    expect(again.status).toBe(200);
    expect((await bookingRow(held.body.result._id)).status).toBe('EXPIRED');
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(1);
  });

  it('tells the buyer what they pay when the organization absorbs the fee: no fee on top', async () => {
    const { event, ticketTypes } = await sellableEvent(t, {
      types: [{ seats: 5, price: 3500 }],
      paidBy: 'ABSORBED',
    });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 2 }];
    const held = await book(t, { eventId: event.id, lines: line, buyer: guest });
    expect(held.status).toBe(200);
    const booking = held.body.result;
    expect(booking).toMatchObject({ subtotal: 7000, serviceFee: 0, total: 7000 });
    expect(booking.lines[0]).toMatchObject({ quantity: 2, unitPrice: 3500, unitFee: 0 });
    // The absorbed fee is still the platform's: kept on the order, not shown to the buyer.
    expect((await bookingRow(booking._id)).serviceFee).toBeGreaterThan(0);
    const again = await call(t, c.getBuyerBooking, {
      query: { bookingId: booking._id, token: booking.accessToken },
    });
    expect(again.body.result).toMatchObject({ subtotal: 7000, serviceFee: 0, total: 7000 });
  });

  it('returns from the payment page to the known address the checkout came from, PUBLIC_URL otherwise', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 5, price: 1000 }] });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }];
    const { port, publicUrl } = t.app.ports.config;
    const returnOf = async (origin: string) => {
      const held = await book(
        t,
        { eventId: event.id, lines: line, buyer: guest, returnPath: '/e/x/return' },
        { headers: { origin } },
      );
      expect(held.status).toBe(200);
      const paid = await paymentOf(held.body.result._id);
      const [row] = await t.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, paid.providerRef as string));
      return row?.returnUrl;
    };
    // Opened on 127.0.0.1 while PUBLIC_URL is localhost: back to 127.0.0.1, where the tab's storage is.
    expect(new URL(publicUrl).hostname).toBe('localhost');
    expect(await returnOf(`http://127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}/e/x/return`);
    expect(await returnOf(`http://[::1]:${port}`)).toBe(`http://[::1]:${port}/e/x/return`);
    // An address this server does not answer on is never a return target.
    expect(await returnOf('https://elsewhere.example')).toBe(`${new URL(publicUrl).origin}/e/x/return`);
  });

  it('confirms once however often success is reported, and a later failure changes nothing', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 5, price: 2000 }] });
    const held = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 2 }],
      buyer: guest,
    });
    const booking = held.body.result;
    const payment = await paymentOf(booking._id);
    expect(payment).toMatchObject({ amount: 4298, applicationFee: 298, status: 'PENDING' });
    expect(await settle(payment.providerRef as string, 'SUCCEEDED')).toBe('CONFIRMED');
    expect(await settle(payment.providerRef as string, 'SUCCEEDED')).toBe('ALREADY_SETTLED');
    expect(await settle(payment.providerRef as string, 'FAILED')).toBe('ALREADY_SETTLED');
    const row = await bookingRow(booking._id);
    expect(row.status).toBe('CONFIRMED');
    expect(await t.db.select().from(tickets).where(eq(tickets.bookingId, booking._id))).toHaveLength(2);
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking._id));
    expect(ledger.map((e) => [e.account, e.amount]).sort()).toEqual([
      ['BUYER_PAYMENTS', 4298],
      ['ORGANIZER_PAYABLE', -4000],
      ['PLATFORM_FEES', -298],
    ]);
    expect(new Set(ledger.map((e) => e.groupId)).size).toBe(1);
    await deliverMessages(t);
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.subject} like ${`%${booking.code}%`}`);
    expect(mails).toHaveLength(1);
    // The emailed link carries a new token; the one from checkout still opens the booking.
    const emailed = /token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1] as string;
    expect(emailed).not.toBe(booking.accessToken);
    for (const token of [emailed, booking.accessToken]) {
      const seen = await call(t, c.getBuyerBooking, { query: { bookingId: booking._id, token } });
      expect(seen.body.result).toMatchObject({ status: 'CONFIRMED', payment: null });
      expect(seen.body.result.tickets).toHaveLength(2);
    }
  });

  it('fails the booking and gives the seats back when the payment fails', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 3 }] });
    const held = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 3 }],
      buyer: guest,
    });
    const payment = await paymentOf(held.body.result._id);
    expect(await settle(payment.providerRef as string, 'FAILED')).toBe('FAILED');
    expect(await settle(payment.providerRef as string, 'SUCCEEDED')).toBe('ALREADY_SETTLED');
    expect((await bookingRow(held.body.result._id)).status).toBe('FAILED');
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(0);
  });

  it('re-takes the seats when payment succeeds after the hold expired, or flags a refund when they are gone', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 1 }] });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }];
    const first = await book(t, { eventId: event.id, lines: line, buyer: guest });
    clock.advance(11 * 60_000);
    await call(t, c.publicEventDetail, { query: { event: event.id } });
    expect((await bookingRow(first.body.result._id)).status).toBe('EXPIRED');
    const firstPayment = await paymentOf(first.body.result._id);
    expect(await settle(firstPayment.providerRef as string, 'SUCCEEDED')).toBe('CONFIRMED_AFTER_EXPIRY');
    expect((await bookingRow(first.body.result._id)).status).toBe('CONFIRMED');
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(1);

    const other = await sellableEvent(t, { types: [{ seats: 1 }] });
    const otherLine = [{ ticketTypeId: other.ticketTypes[0]?.id as string, quantity: 1 }];
    const lapsed = await book(t, { eventId: other.event.id, lines: otherLine, buyer: guest });
    clock.advance(11 * 60_000);
    const taker = await book(t, { eventId: other.event.id, lines: otherLine, buyer: guest });
    expect(taker.status).toBe(200);
    const lapsedPayment = await paymentOf(lapsed.body.result._id);
    expect(await settle(lapsedPayment.providerRef as string, 'SUCCEEDED')).toBe('PAID_AFTER_EXPIRY');
    expect((await bookingRow(lapsed.body.result._id)).status).toBe('FAILED');
    expect((await paymentOf(lapsed.body.result._id)).status).toBe('SUCCEEDED');
    const timeline = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, lapsed.body.result._id));
    expect(timeline.map((e) => e.kind)).toContain('PAID_AFTER_EXPIRY');
    expect((await inventoryOf(t, other.ticketTypes[0]?.id as string))[0]?.sold).toBe(1);
  });

  it('lets the buyer cancel a held booking, giving the seats back at once', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 2 }] });
    const held = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 2 }],
      buyer: guest,
    });
    const access = { bookingId: held.body.result._id, token: held.body.result.accessToken };
    const cancelled = await call(t, c.cancelHeldBooking, { body: access });
    expect(cancelled.body.result.status).toBe('CANCELLED');
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(0);
    expect((await call(t, c.cancelHeldBooking, { body: access })).status).toBe(409);
  });

  it('releases each expired hold exactly once, however many sweeps run at the same time', async () => {
    const { event, ticketTypes } = await sellableEvent(t, { types: [{ seats: 10 }] });
    const line = [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 2 }];
    for (let i = 0; i < 3; i += 1) await book(t, { eventId: event.id, lines: line, buyer: guest });
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(6);
    clock.advance(11 * 60_000);
    const swept = await Promise.all([1, 2, 3, 4].map(() => releaseExpiredHolds(t.db, clock.now())));
    expect(swept.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(3);
    expect((await inventoryOf(t, ticketTypes[0]?.id as string))[0]?.sold).toBe(0);
    const [date] = await t.db.select().from(eventOccurrences).where(eq(eventOccurrences.eventId, event.id));
    expect(date?.sold).toBe(0);
    const rows = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(rows.map((row) => row.status)).toEqual(['EXPIRED', 'EXPIRED', 'EXPIRED']);
  });
});

describe('a date with its own cap', () => {
  it('caps all ticket types of the date together', async () => {
    const { event, ticketTypes, occurrences } = await sellableEvent(t, {
      types: [
        { pricing: 'FREE', seats: 5 },
        { pricing: 'FREE', seats: 5 },
      ],
    });
    await t.db
      .update(eventOccurrences)
      .set({ capacity: 6 })
      .where(eq(eventOccurrences.id, occurrences[0]?.id as string));
    const [a, b] = ticketTypes.map((type) => type.id) as [string, string];
    const first = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: a, quantity: 4 }],
      buyer: guest,
    });
    expect(first.status).toBe(200);
    const detail = await call(t, c.publicEventDetail, { query: { event: event.id } });
    expect(detail.body.result.occurrences[0]?.remaining).toEqual({ [a]: 1, [b]: 2 });
    const over = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: b, quantity: 3 }],
      buyer: guest,
    });
    expect(over.status).toBe(409);
    expect(over.error?.errors).toEqual([
      { field: 'lines.0.quantity', message: c.BOOKING_MESSAGES.soldOut('Ticket 2', 2) },
    ]);
    expect(
      (await book(t, { eventId: event.id, lines: [{ ticketTypeId: b, quantity: 2 }], buyer: guest })).status,
    ).toBe(200);
  });
});
