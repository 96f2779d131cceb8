import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  deliverMessages,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { startSmtpServer } from '../../../test/message-servers.js';
import { auditLog, outgoingMessages, payments } from '../../db/schema/index.js';
import { settlement } from './index.js';

const clock = manualClock(new Date());
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    clock,
    config: { mail: { smtpUrl: smtp.url, from: 'Marquee <no-reply@marquee.test>' } },
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsAbout = (code: string) => smtp.received.filter((mail) => mail.raw.includes(code));

/** A free order (confirmed at once) or a paid one (held until paid), and its organizer's session. */
async function order(pricing: 'FREE' | 'PAID' = 'FREE') {
  const { event, ticketTypes, owner } = await sellableEvent(t, { types: [{ pricing, seats: 20 }] });
  const answer = await book(t, {
    eventId: event.id,
    lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 2 }],
    buyer: guest,
  });
  expect(answer.status).toBe(200);
  const organizer = await loginAs(t, owner.email, owner.password);
  return { booking: answer.body.result, organizer };
}

const asOrganizer = (token: string, bookingId: string) =>
  t.app.inject({
    method: 'POST',
    url: c.resendOrderTickets.path,
    headers: clientHeaders(token),
    payload: { bookingId },
  });

const asBuyer = (bookingId: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: c.resendBookingTickets.path,
    headers: clientHeaders(),
    payload: { bookingId, token },
  });

const resendsOf = (orderId: string) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.orderId, orderId))
    .orderBy(outgoingMessages.seq);

const ticketPage = (bookingId: string, token: string) =>
  call(t, c.getBuyerBooking, { query: { bookingId, token } });

describe('resend the tickets of an order', () => {
  it('an organizer resends: a new confirmation email with a working link, audited; the first link still works', async () => {
    const { booking, organizer } = await order();
    await deliverMessages(t);
    expect(mailsAbout(booking.code)).toHaveLength(1);

    const answer = await asOrganizer(organizer, booking._id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(c.RESEND_MESSAGES.organizerDone);

    const messages = await resendsOf(booking._id);
    expect(messages).toHaveLength(2);
    const resent = messages[1];
    expect(resent).toMatchObject({ kind: 'order-confirmation', recipient: guest.email, status: 'PENDING' });
    expect(resent?.intentKey).toMatch(new RegExp(`^resend-tickets:${booking._id}:`));
    const newToken = resent?.secrets?.accessToken as string;
    expect((await ticketPage(booking._id, newToken)).status).toBe(200);
    expect((await ticketPage(booking._id, booking.accessToken)).status).toBe(200);

    await deliverMessages(t);
    expect(mailsAbout(booking.code)).toHaveLength(2);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking._id), eq(auditLog.action, 'ORDER_TICKETS_RESENT')));
    expect(audited).toHaveLength(1);
  });

  it('refuses an order that is not confirmed (409 naming its status)', async () => {
    const { booking, organizer } = await order('PAID');
    expect(booking.status).toBe('HELD');
    const answer = await asOrganizer(organizer, booking._id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(c.RESEND_MESSAGES.notConfirmed('HELD'));
    const buyer = await asBuyer(booking._id, booking.accessToken);
    expect(buyer.statusCode).toBe(409);
    expect(await resendsOf(booking._id)).toHaveLength(0);
  });

  it('the buyer resends with the ticket page token: 200 with a neutral message; a wrong token is 404', async () => {
    const { booking } = await order();
    const wrong = await asBuyer(booking._id, 'x'.repeat(40));
    expect(wrong.statusCode).toBe(404);
    const answer = await asBuyer(booking._id, booking.accessToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(c.RESEND_MESSAGES.buyerDone);
    expect(answer.body).not.toContain(guest.email);
    await deliverMessages(t);
    expect(mailsAbout(booking.code)).toHaveLength(2);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, booking._id), eq(auditLog.action, 'ORDER_TICKETS_RESENT')));
    expect(audited).toHaveLength(1);
  });

  it('allows three resends an hour per order (buyer and organizer together), then 429 with Retry-After', async () => {
    const { booking, organizer } = await order();
    expect((await asBuyer(booking._id, booking.accessToken)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect((await asOrganizer(organizer, booking._id)).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect((await asBuyer(booking._id, booking.accessToken)).statusCode).toBe(200);

    clock.advance(10 * 60_000);
    const refused = await asOrganizer(organizer, booking._id);
    expect(refused.statusCode).toBe(429);
    // The first resend leaves the hour 30 minutes from now.
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    expect(refused.json().message).toBe(c.RESEND_MESSAGES.tooMany(30));
    expect((await asBuyer(booking._id, booking.accessToken)).statusCode).toBe(429);
    expect(await resendsOf(booking._id)).toHaveLength(4);

    // Another order is not limited by this one's resends.
    const other = await order();
    expect((await asBuyer(other.booking._id, other.booking.accessToken)).statusCode).toBe(200);

    clock.advance(30 * 60_000 + 1000);
    expect((await asBuyer(booking._id, booking.accessToken)).statusCode).toBe(200);
  });

  it('resending never breaks a link already given out: checkout, confirmation and every resend open the tickets', async () => {
    // A paid order: the checkout page's token, then the confirmation email's own (a fresh one).
    const { event, ticketTypes, owner } = await sellableEvent(t, { types: [{ pricing: 'PAID', seats: 20 }] });
    const made = await book(t, {
      eventId: event.id,
      lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
      buyer: guest,
    });
    expect(made.status).toBe(200);
    const booking = made.body.result;
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking._id));
    await settlement(t.app.ports).settle({
      provider: 'sandbox',
      providerRef: payment?.providerRef as string,
      outcome: 'SUCCEEDED',
      amount: payment?.amount as number,
      currency: payment?.currency as string,
    });
    const organizer = await loginAs(t, owner.email, owner.password);
    // Each email's token, read before the worker sends it (secrets are wiped once sent).
    const tokenOfLast = async () => (await resendsOf(booking._id)).at(-1)?.secrets?.accessToken as string;
    const links = [booking.accessToken, await tokenOfLast()];
    await deliverMessages(t);

    for (let i = 0; i < 2; i += 1) {
      clock.advance(60_000);
      expect((await asOrganizer(organizer, booking._id)).statusCode).toBe(200);
      links.push(await tokenOfLast());
      await deliverMessages(t);
    }
    // The buyer's own resend, with the oldest link, reuses it and takes nothing away either.
    clock.advance(60_000);
    expect((await asBuyer(booking._id, links[0] as string)).statusCode).toBe(200);

    expect(new Set(links).size).toBe(4);
    for (const link of links) {
      const page = await ticketPage(booking._id, link);
      expect(page.status).toBe(200);
      expect(page.body.result.code).toBe(booking.code);
    }
    expect((await ticketPage(booking._id, 'y'.repeat(43))).status).toBe(404);
  });
});
