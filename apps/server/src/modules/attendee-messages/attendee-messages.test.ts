import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../../test/booking-fixtures.js';
import { call } from '../../../test/calls.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { type EventWorld, eventWorld } from '../../../test/event-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  deliverMessages,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { attendeeMessages, auditLog, outboxMessages, outgoingMessages } from '../../db/schema/index.js';

// 10:20 UTC: the hour's window ends at 11:00, 40 minutes on.
const clock = manualClock(new Date('2026-11-21T10:20:00Z'));
const LIMITS = { sendsPerHour: 3, recipientsPerDay: 10 };
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { attendeeMessages: LIMITS } });
  base = await listenOnLoopback(t);
});

afterAll(async () => {
  await t?.close();
});

/** An event with three dates and two ticket types, and orders on it. */
async function eventWithOrders(w: EventWorld) {
  const made = await w.event({ kind: 'MULTI', occurrences: 3, ticketTypes: 2 });
  const order = (email: string, extra: Partial<Parameters<typeof insertBooking>[1]> = {}) =>
    insertBooking(t.db, { event: made, buyer: { email, name: 'Ada Buyer' }, ...extra });
  const orders = {
    ada: await order('ada@example.test', { occurrence: 0 }),
    // The same person again, spelled otherwise: one recipient.
    adaAgain: await order('ADA@example.test', { occurrence: 1, lines: [{ type: 1, quantity: 1 }] }),
    bob: await order('bob@example.test', { occurrence: 1 }),
    cy: await order('cy@example.test', { occurrence: 2, lines: [{ type: 1, quantity: 2 }] }),
    held: await order('held@example.test', { status: 'HELD' }),
    cancelled: await order('gone@example.test', { status: 'CANCELLED' }),
  };
  return { made, orders };
}

const send = (token: string, body: c.SendAttendeeMessageBody, key = randomUUID()) =>
  call(t, c.sendAttendeeMessage, { body, headers: { ...clientHeaders(token), 'idempotency-key': key } });

const count = (token: string, query: c.RecipientCountQuery) =>
  call(t, c.attendeeMessageRecipientCount, { query, token });

const messagesOf = (attendeeMessageId: string) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(sql`${outgoingMessages.data} ->> 'attendeeMessageId' = ${attendeeMessageId}`)
    .orderBy(outgoingMessages.recipient);

describe('messages to attendees', () => {
  let w: EventWorld;
  let world: Awaited<ReturnType<typeof eventWithOrders>>;
  beforeAll(async () => {
    w = await eventWorld(t);
    world = await eventWithOrders(w);
  });

  it('counts distinct addresses of confirmed orders for each audience', async () => {
    const eventId = world.made.event.id;
    const [first, second] = world.made.occurrences;
    const [, balcony] = world.made.ticketTypes;
    const cases: [c.RecipientCountQuery, number][] = [
      [{ eventId, audience: 'ALL' }, 3],
      [{ eventId, audience: 'OCCURRENCE', occurrenceId: second?.id }, 2],
      [{ eventId, audience: 'OCCURRENCE', occurrenceId: first?.id }, 1],
      [{ eventId, audience: 'TICKET_TYPES', ticketTypeIds: balcony?.id }, 2],
      [
        {
          eventId,
          audience: 'ORDERS',
          bookingIds: [world.orders.bob.booking.id, world.orders.held.booking.id].join(','),
        },
        1,
      ],
    ];
    for (const [query, expected] of cases) {
      const answer = await count(w.organizer.token, query);
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(answer.body.result.recipients, JSON.stringify(query)).toBe(expected);
    }
  });

  it('refuses an audience the event does not have, on the field', async () => {
    const other = await w.event();
    const answer = await count(w.owner.token, {
      eventId: world.made.event.id,
      audience: 'OCCURRENCE',
      occurrenceId: other.occurrences[0]?.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.errors?.[0]?.field).toBe('occurrenceId');
    const missing = await send(w.owner.token, {
      eventId: world.made.event.id,
      audience: 'TICKET_TYPES',
      subject: 'Hi',
      body: 'Hello',
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors?.map((e) => e.field)).toContain('ticketTypeIds');
  });

  it('previews the email: escaped text, paragraphs, links and the footer saying why', async () => {
    const answer = await call(t, c.previewAttendeeMessage, {
      token: w.organizer.token,
      body: {
        eventId: world.made.event.id,
        subject: 'Doors <b>open</b>',
        body: 'Hello <script>alert(1)</script>\nline two\n\nSee https://example.test/map?a=1&b=2.',
      },
    });
    expect(answer.status).toBe(200);
    const { html, text } = answer.body.result;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;<br>line two</p>');
    expect(html).toContain('<a href="https://example.test/map?a=1&amp;b=2"');
    expect(html).toContain('Doors &lt;b&gt;open&lt;/b&gt;');
    const why = `You receive this because you have a ticket to ${world.made.event.title} organized by ${w.organization.name}.`;
    expect(text).toContain(why);
    expect(html).toContain(why);
  });

  it("sends a test to the sender's own address only, through the outbox", async () => {
    const answer = await call(t, c.sendAttendeeMessageTest, {
      token: w.organizer.token,
      body: { eventId: world.made.event.id, subject: 'Parking', body: 'Use gate B.' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.result.to).toBe(w.organizer.user.email);
    await deliverMessages(t);
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, w.organizer.user.email));
    expect(mails.map((m) => m.subject)).toContain('[Test] Parking');
  });

  it('sends one email per address, audited, shown in the history with delivery counts; a retry sends nothing more', async () => {
    const key = randomUUID();
    const body: c.SendAttendeeMessageBody = {
      eventId: world.made.event.id,
      audience: 'ALL',
      subject: 'Doors open at 7',
      body: 'See you there.',
    };
    const answer = await send(w.organizer.token, body, key);
    expect(answer.status).toBe(200);
    const sent = answer.body.result;
    expect(sent.recipients).toBe(3);
    expect(answer.body.message).toBe(c.ATTENDEE_MESSAGE_MESSAGES.sent(3));
    const queued = await messagesOf(sent._id);
    expect(queued.map((m) => m.recipient.toLowerCase())).toEqual([
      'ada@example.test',
      'bob@example.test',
      'cy@example.test',
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sent._id), eq(auditLog.action, 'ATTENDEE_MESSAGE_SENT')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(w.organizer.user.id);

    // The same key again: the stored answer; and with the stored answer gone, the send row still holds.
    expect((await send(w.organizer.token, body, key)).body.result._id).toBe(sent._id);
    await t.db.execute(sql`delete from idempotency_keys`);
    const again = await send(w.organizer.token, body, key);
    expect(again.status).toBe(200);
    expect(again.body.result._id).toBe(sent._id);
    expect(await messagesOf(sent._id)).toHaveLength(3);
    expect(
      await t.db.select().from(attendeeMessages).where(eq(attendeeMessages.eventId, body.eventId)),
    ).toHaveLength(1);

    await deliverMessages(t);
    const mail = await t.db.select().from(outboxMessages).where(eq(outboxMessages.to, 'bob@example.test'));
    expect(mail[0]?.subject).toBe('Doors open at 7');
    expect(mail[0]?.text).toContain('You receive this because you have a ticket to');

    const list = await call(t, c.attendeeMessageList, {
      token: w.owner.token,
      query: { eventId: body.eventId },
    });
    expect(list.status).toBe(200);
    expect(list.body.result.items[0]).toMatchObject({
      _id: sent._id,
      subject: 'Doors open at 7',
      recipients: 3,
      delivered: 3,
      failed: 0,
      pending: 0,
      sender: { name: 'Oscar Organizer' },
      audience: { kind: 'ALL', label: 'Everyone with a ticket' },
    });
    const detail = await call(t, c.attendeeMessageDetail, {
      token: w.owner.token,
      query: { eventId: body.eventId, messageId: sent._id },
    });
    expect(detail.body.result.body).toBe('See you there.');
  });

  it('counts failed deliveries from the outbox', async () => {
    const answer = await send(w.owner.token, {
      eventId: world.made.event.id,
      audience: 'ORDERS',
      bookingIds: [world.orders.cy.booking.id],
      subject: 'Your seats',
      body: 'Row C.',
    });
    expect(answer.status).toBe(200);
    await t.db
      .update(outgoingMessages)
      .set({ status: 'FAILED' })
      .where(sql`${outgoingMessages.data} ->> 'attendeeMessageId' = ${answer.body.result._id}`);
    const detail = await call(t, c.attendeeMessageDetail, {
      token: w.owner.token,
      query: { eventId: world.made.event.id, messageId: answer.body.result._id },
    });
    expect(detail.body.result).toMatchObject({
      recipients: 1,
      delivered: 0,
      failed: 1,
      audience: { label: '1 chosen order' },
    });
  });

  it('answers 404 to those who may not manage the event, and for another event’s message', async () => {
    const eventId = world.made.event.id;
    for (const persona of ['scanner', 'unassigned', 'otherOrganizer', 'buyer'] as const) {
      const answer = await count(w.tokens[persona], { eventId, audience: 'ALL' });
      expect(answer.status, persona).toBe(404);
      const sending = await send(w.tokens[persona], { eventId, audience: 'ALL', subject: 'x', body: 'y' });
      expect(sending.status, persona).toBe(404);
    }
    const [message] = await t.db.select().from(attendeeMessages).where(eq(attendeeMessages.eventId, eventId));
    const other = await w.event();
    const answer = await call(t, c.attendeeMessageDetail, {
      token: w.owner.token,
      query: { eventId: other.event.id, messageId: message?.id as string },
    });
    expect(answer.status).toBe(404);
  });

  it('refuses an audience nobody is in', async () => {
    const empty = await w.event();
    const answer = await send(w.owner.token, {
      eventId: empty.event.id,
      audience: 'ALL',
      subject: 'Hello',
      body: 'Anyone?',
    });
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(c.ATTENDEE_MESSAGE_MESSAGES.noRecipients);
  });
});

describe('limits per organization, under parallel sends through HTTP', () => {
  const sendOver = (token: string, body: c.SendAttendeeMessageBody, n: number) =>
    inParallel(base, n, () => ({
      method: 'POST',
      path: c.sendAttendeeMessage.path,
      headers: { ...clientHeaders(token), 'idempotency-key': randomUUID() },
      body,
    }));

  it(`allows ${LIMITS.sendsPerHour} sends an hour, the rest answer 429 with Retry-After`, async () => {
    const w = await eventWorld(t);
    const made = await w.event();
    await insertBooking(t.db, { event: made, buyer: { email: 'solo@example.test' } });
    const body = { eventId: made.event.id, audience: 'ALL' as const, subject: 'Hi', body: 'Hello' };
    const result = await sendOver(w.owner.token, body, 12);
    expect(result.byStatus).toEqual({ 200: LIMITS.sendsPerHour, 429: 12 - LIMITS.sendsPerHour });
    const refused = result.answers.find((a) => a.status === 429);
    expect(refused?.headers['retry-after']).toBe(String(40 * 60));
    expect(refused?.body.message).toBe(c.ATTENDEE_MESSAGE_MESSAGES.tooManySends(LIMITS.sendsPerHour, 40));
    const rows = await t.db
      .select()
      .from(attendeeMessages)
      .where(eq(attendeeMessages.eventId, made.event.id));
    expect(rows).toHaveLength(LIMITS.sendsPerHour);
    const queued = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.eventId, made.event.id));
    expect(queued).toHaveLength(LIMITS.sendsPerHour);
  });

  it(`reaches at most ${LIMITS.recipientsPerDay} people a day`, async () => {
    const w = await eventWorld(t);
    const made = await w.event();
    for (const name of ['a', 'b', 'c', 'd'])
      await insertBooking(t.db, { event: made, buyer: { email: `${name}@day.example.test` } });
    const body = { eventId: made.event.id, audience: 'ALL' as const, subject: 'Hi', body: 'Hello' };
    const result = await sendOver(w.owner.token, body, 6);
    // 4 people each: two sends fit in 10, a third would make 12.
    expect(result.byStatus).toEqual({ 200: 2, 429: 4 });
    const refused = result.answers.find((a) => a.status === 429);
    expect(refused?.body.message).toBe(c.ATTENDEE_MESSAGE_MESSAGES.tooManyRecipients(10, 2));
    expect(Number(refused?.headers['retry-after'])).toBe((24 * 60 - (10 * 60 + 20)) * 60);
    const queued = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.eventId, made.event.id));
    expect(queued).toHaveLength(8);
  });

  it('a new hour allows sends again', async () => {
    const w = await eventWorld(t);
    const made = await w.event();
    await insertBooking(t.db, { event: made, buyer: { email: 'later@example.test' } });
    const body = { eventId: made.event.id, audience: 'ALL' as const, subject: 'Hi', body: 'Hello' };
    for (let i = 0; i < LIMITS.sendsPerHour; i += 1)
      expect((await send(w.owner.token, body)).status).toBe(200);
    expect((await send(w.owner.token, body)).status).toBe(429);
    clock.advance(60 * 60_000);
    expect((await send(w.owner.token, body)).status).toBe(200);
  });
});
