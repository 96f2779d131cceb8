import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/calls.js';
import { type CheckInReadsWorld, checkInReadsWorld, scanAt } from '../../../../test/check-in-reads-world.js';
import { book, guest, sellableEvent } from '../../../../test/checkout-fixtures.js';
import { listenOnLoopback } from '../../../../test/concurrency.js';
import type { Persona } from '../../../../test/event-fixtures.js';
import { type EventStream, openEventStream } from '../../../../test/event-stream.js';
import { clientHeaders, createTestApp, loginAs, type TestApp } from '../../../../test/helpers.js';
import { paidBooking } from '../../../../test/paid-order-fixtures.js';
import { refundEngine } from '../../refunds/index.js';

let t: TestApp;
let w: CheckInReadsWorld;
let base: string;
let closed = false;
const streams: EventStream<c.CheckInLiveMessage>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await checkInReadsWorld(t);
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  if (!closed) await t?.close();
});

async function live(occurrenceId: string, who: Persona = 'scanner', eventId = w.weekend.event.id) {
  const stream = await openEventStream<c.CheckInLiveMessage>(
    `${base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId, occurrenceId })}`,
    clientHeaders(w.tokens[who]),
  );
  streams.push(stream);
  return stream;
}

const countsOf = (message: c.CheckInLiveMessage) => (message.type === 'counts' ? message.counts : null);

describe('check-in live stream', () => {
  it('sends the date’s counts at once, then new counts within 2 s of a scan', async () => {
    const stream = await live(w.date(0));
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toBe('no-cache');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const first = countsOf(await stream.next((m) => m.type === 'counts'));
    expect(first).toMatchObject({ occurrenceId: w.date(0), sold: 3, checkedIn: 0 });

    const seen = stream.messages.length;
    const ada = w.ticket(w.orders.ada);
    await scanAt(t, w.tokens.scanner, {
      eventId: w.weekend.event.id,
      occurrenceId: w.date(0),
      code: ada.code,
    });
    // Every screen hears a scan within two seconds: `next` gives up (and fails) after 2,000 ms.
    const changed = await stream.next((m) => m.type === 'tickets-changed', 2_000, seen);
    expect(changed).toEqual({ type: 'tickets-changed', occurrenceId: w.date(0), ticketIds: [ada.id] });
    const after = countsOf(await stream.next((m) => m.type === 'counts', 2_000, seen));
    expect(after).toMatchObject({ sold: 3, checkedIn: 1 });
    expect(after?.byTicketType[0]).toMatchObject({ name: 'Ticket 1', sold: 2, checkedIn: 1 });
  });

  it('many scans at once are sent as few counts, the last one right', async () => {
    const stream = await live(w.date(0), 'organizer');
    await stream.next((m) => m.type === 'counts');
    const seen = stream.messages.length;
    const codes = [w.ticket(w.orders.ada, 1).code, w.ticket(w.orders.mary).code];
    await Promise.all(
      codes.map((code) =>
        scanAt(t, w.tokens.organizer, { eventId: w.weekend.event.id, occurrenceId: w.date(0), code }),
      ),
    );
    await stream.next((m) => countsOf(m)?.checkedIn === 3, 2_000, seen);
    const counts = stream.messages.slice(seen).filter((m) => m.type === 'counts');
    expect(counts.length).toBeLessThanOrEqual(2);
  });

  it('only the date’s messages, but conflicts reach every date of the event', async () => {
    const dayOne = await live(w.date(0));
    const dayTwo = await live(w.date(1));
    await dayOne.next((m) => m.type === 'counts');
    expect(countsOf(await dayTwo.next((m) => m.type === 'counts'))).toMatchObject({ sold: 2, checkedIn: 0 });
    const seenOne = dayOne.messages.length;
    const kat = w.ticket(w.orders.kat);
    await scanAt(t, w.tokens.scanner, {
      eventId: w.weekend.event.id,
      occurrenceId: w.date(1),
      code: kat.code,
    });
    await dayTwo.next((m) => countsOf(m)?.checkedIn === 1);

    // Two devices let Katherine in offline on date 2: the second is a conflict on both screens.
    const sync = (who: Persona, deviceId: string) =>
      call(t, c.syncOfflineScans, {
        token: w.tokens[who],
        body: {
          eventId: w.weekend.event.id,
          deviceId,
          scans: [
            {
              nonce: randomUUID(),
              code: kat.code,
              occurrenceId: w.date(1),
              scannedAt: new Date(Date.now() - 60_000).toISOString(),
              localResult: 'ADMITTED',
            },
          ],
        },
      });
    expect((await sync('scanner', 'door-7')).body.result.conflicts).toBe(1);
    expect((await sync('organizer', 'door-8')).body.result.conflicts).toBe(1);
    for (const stream of [dayOne, dayTwo]) {
      const conflict = await stream.next((m) => m.type === 'conflict' && m.deviceId === 'door-8');
      expect(conflict).toMatchObject({
        type: 'conflict',
        occurrenceId: w.date(1),
        ticket: { _id: kat.id, buyerName: 'Katherine Johnson', bookingCode: 'KAT23456' },
        previous: { by: 'Sam Scanner', deviceId: 'door-1', source: 'ONLINE' },
      });
    }
    // Nothing of date 2 but the conflicts reached the screen of date 1.
    const strays = dayOne.messages
      .slice(seenOne)
      .filter(
        (m) =>
          m.type !== 'conflict' &&
          (m.type === 'counts' ? m.counts.occurrenceId : m.occurrenceId) !== w.date(0),
      );
    expect(strays).toEqual([]);
  });

  it('a refund reaches the door like a scan: a course ticket on every date, the counts without it', async () => {
    const dayTwo = await live(w.date(1), 'organizer');
    const before = countsOf(await dayTwo.next((m) => m.type === 'counts'));
    const seen = dayTwo.messages.length;
    const mary = w.ticket(w.orders.mary);
    await refundEngine(t.app.ports).refund({
      bookingId: w.orders.mary.booking.id,
      ticketIds: [mary.id],
      source: 'ORGANIZER',
      idempotencyKey: `test:${randomUUID()}`,
    });
    // Mary's course ticket has no date of its own: the second date's screen hears it too.
    const changed = await dayTwo.next((m) => m.type === 'tickets-changed', 2_000, seen);
    expect(changed).toEqual({ type: 'tickets-changed', occurrenceId: w.date(1), ticketIds: [mary.id] });
    const after = countsOf(await dayTwo.next((m) => m.type === 'counts', 2_000, seen));
    expect(after?.sold).toBe((before?.sold ?? 0) - 1);
  });

  it('a sale moves the door’s sold figure without a scan: free orders at once, paid ones when settled', async () => {
    const world = await sellableEvent(t, {
      types: [
        { pricing: 'PAID', price: 2500, seats: 50 },
        { pricing: 'FREE', seats: 50 },
      ],
    });
    const owner = await loginAs(t, world.owner.email, world.owner.password);
    const occurrenceId = world.occurrences[0]?.id as string;
    const stream = await openEventStream<c.CheckInLiveMessage>(
      `${base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId: world.event.id, occurrenceId })}`,
      clientHeaders(owner),
    );
    streams.push(stream);
    expect(countsOf(await stream.next((m) => m.type === 'counts'))).toMatchObject({ sold: 0 });

    // Paid: held seats are not sold; the provider's success confirms the order and the door hears it.
    const seen = stream.messages.length;
    const sold = await paidBooking(t, { on: world, quantity: 2 });
    const changed = await stream.next((m) => m.type === 'tickets-changed', 2_000, seen);
    expect(changed).toEqual({
      type: 'tickets-changed',
      occurrenceId,
      ticketIds: expect.arrayContaining(sold.ticketIds),
    });
    const after = countsOf(await stream.next((m) => countsOf(m)?.sold === 2, 2_000, seen));
    expect(after).toMatchObject({ sold: 2, checkedIn: 0 });

    // Free: confirmed in the checkout's own unit of work, heard once it commits.
    const again = stream.messages.length;
    const free = await book(t, {
      eventId: world.event.id,
      lines: [{ ticketTypeId: world.ticketTypes[1]?.id as string, quantity: 1 }],
      buyer: guest,
    });
    expect(free.body.result.status).toBe('CONFIRMED');
    const freeTicket = free.body.result.tickets[0]?._id as string;
    const heard = await stream.next((m) => m.type === 'tickets-changed', 2_000, again);
    expect(heard).toEqual({ type: 'tickets-changed', occurrenceId, ticketIds: [freeTicket] });
    await stream.next((m) => countsOf(m)?.sold === 3, 2_000, again);
  });

  it('refuses like the other check-in calls, as JSON', async () => {
    const refused = async (stream: EventStream<c.CheckInLiveMessage>) => {
      await stream.ended;
      return { status: stream.status, body: JSON.parse(stream.body()) };
    };
    expect(
      await refused(await live(w.other.occurrences[0]?.id ?? '', 'scanner', w.other.event.id)),
    ).toMatchObject({
      status: 404,
      body: { message: 'The event was not found.' },
    });
    expect((await refused(await live(w.date(0), 'unassigned'))).status).toBe(404);
    const wrongDate = await refused(await live(w.other.occurrences[0]?.id ?? ''));
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.body.errors.map((e: { field: string }) => e.field)).toEqual(['occurrenceId']);
    const anonymous = await openEventStream(
      `${base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId: w.weekend.event.id, occurrenceId: w.date(0) })}`,
      clientHeaders(),
    );
    expect(anonymous.status).toBe(401);
  });

  it('the app closes promptly with streams still open, ending them', async () => {
    const open = await live(w.date(0));
    await open.next((m) => m.type === 'counts');
    closed = true;
    await t.close();
    await open.ended;
  });
});
