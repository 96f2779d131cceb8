import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  eventTicketTypes,
  outgoingMessages,
  scans,
  ticketAdmissions,
  ticketInventory,
  tickets,
} from '../src/db/schema/index.js';
import { type BuiltServer, serverDir, startBuiltServer, stopBuiltServer } from './built-server.js';
import { guest, sellableEvent } from './checkout-fixtures.js';
import { type HttpAnswer, httpCall, tally } from './concurrency.js';
import { type EventWorld, eventWorld } from './event-fixtures.js';
import { type EventStream, openEventStream } from './event-stream.js';
import { clientHeaders, createTestApp, type TestApp } from './helpers.js';
import { startSmtpServer } from './message-servers.js';

/**
 * Several API processes behind a load balancer (docs/scaling.md), shown with two: the built server
 * (`dist/server.js`, what `npm start` runs) started twice on ONE PostgreSQL database, and with Redis
 * when TEST_REDIS_URL is set. Every call goes through real HTTP, alternating between the processes as
 * a round-robin balancer would. The invariants live in the database (the guarded inventory UPDATE, the
 * one-admission-per-ticket-and-date key), so no process can oversell or admit twice.
 *
 * Runs only against a PostgreSQL of the machine (TEST_DATABASE_URL): the embedded one of the test run
 * lives as long as the runner, and the two processes need a server both can reach.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Seats left, buyers racing for them, and scans per sold ticket (half through each process). */
const SEATS = 25;
const BUYERS = 200;
const SCANS_PER_TICKET = 4;

describe.skipIf(!databaseUrl)('two API processes on one database', () => {
  // The fixtures are written through an in-process app on the same database (test helpers, not a
  // third server in the race); the sessions it signs in are rows both processes read.
  let t: TestApp;
  let w: EventWorld;
  let a: BuiltServer;
  let b: BuiltServer;
  let stream: EventStream<c.CheckInLiveMessage> | undefined;
  const via = () => [a.base, b.base];

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    t = await createTestApp({ database: { max: 4 } });
    // DB_POOL_MAX 10 each; a connection may wait behind the 200 racing checkouts.
    const env = {
      DB_POOL_MAX: '10',
      DB_CONNECTION_TIMEOUT_MS: '30000',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    [a, b, w] = await Promise.all([
      startBuiltServer(t.url, env),
      startBuiltServer(t.url, env),
      eventWorld(t),
    ]);
  }, 60_000);
  afterAll(async () => {
    stream?.close();
    await Promise.all([stopBuiltServer(a), stopBuiltServer(b)]);
    // Both processes are gone before the database is dropped under them.
    await t?.close();
  }, 30_000);

  it(`sells exactly the last ${SEATS} seats to ${BUYERS} buyers and admits each ticket once across both`, async () => {
    const event = await w.event({ kind: 'SINGLE', ticketTypes: 1 });
    const type = event.ticketTypes[0];
    const date = event.occurrences[0];
    if (!type || !date) throw new Error('fixture: no ticket type or date');
    await t.db
      .update(eventTicketTypes)
      .set({ pricing: 'FREE', price: 0, quantity: SEATS })
      .where(eq(eventTicketTypes.id, type.id));
    await t.db
      .update(ticketInventory)
      .set({ capacity: SEATS })
      .where(eq(ticketInventory.ticketTypeId, type.id));

    // The door's screen listens on A before anything is sold.
    stream = await openEventStream<c.CheckInLiveMessage>(
      `${a.base}${c.CHECK_IN_LIVE_PATH}?${new URLSearchParams({ eventId: event.event.id, occurrenceId: date.id })}`,
      clientHeaders(w.tokens.scanner),
    );
    expect(stream.status).toBe(200);
    expect(await stream.next((m) => m.type === 'counts', 5_000)).toMatchObject({
      counts: { sold: 0, checkedIn: 0 },
    });

    const startedAt = Date.now();
    // 1. The race: every buyer has their own idempotency key; even buyers go to A, odd ones to B.
    const sales = tally(
      await Promise.all(
        Array.from({ length: BUYERS }, (_, i) =>
          httpCall(
            via()[i % 2] as string,
            {
              method: 'POST',
              path: c.createBooking.path,
              headers: { ...clientHeaders(), 'idempotency-key': `two-processes-${i}` },
              body: {
                eventId: event.event.id,
                lines: [{ ticketTypeId: type.id, quantity: 1 }],
                buyer: guest,
              },
            },
            30_000,
          ),
        ),
      ),
    );
    const soldAt = Date.now();
    expect(sales.byStatus).toEqual({ 200: SEATS, 409: BUYERS - SEATS });
    expect(sales.byMessage[`409 ${c.BOOKING_MESSAGES.soldOut('Ticket 1', 0)}`]).toBe(BUYERS - SEATS);
    // Both processes sold: the balancer's alternation reached both sides of the race.
    const winners = (answers: HttpAnswer[], side: number) =>
      answers.filter((answer, i) => i % 2 === side && answer.status === 200).length;
    expect(winners(sales.answers, 0) + winners(sales.answers, 1)).toBe(SEATS);
    const [inventory] = await t.db
      .select()
      .from(ticketInventory)
      .where(eq(ticketInventory.ticketTypeId, type.id));
    expect(inventory?.sold).toBe(SEATS);
    expect(await t.db.select().from(bookings).where(eq(bookings.eventId, event.event.id))).toHaveLength(
      SEATS,
    );
    const issued = await t.db.select().from(tickets).where(eq(tickets.eventId, event.event.id));
    expect(issued).toHaveLength(SEATS);

    // 2. A scan through B alone reaches the screen on A only through Redis.
    const [first, ...rest] = issued;
    if (!first) throw new Error('no ticket');
    const scan = (base: string, code: string, device: string) =>
      httpCall(
        base,
        {
          method: 'POST',
          path: c.scanTicket.path,
          headers: clientHeaders(w.tokens.scanner),
          body: {
            eventId: event.event.id,
            occurrenceId: date.id,
            code,
            deviceId: device,
            nonce: randomUUID(),
          },
        },
        30_000,
      );
    const seen = stream.messages.length;
    const alone = await scan(b.base, first.code, 'door-b');
    expect((alone.body.result as { result?: string }).result).toBe('ADMITTED');
    if (redisUrl) {
      expect(await stream.next((m) => m.type === 'tickets-changed', 5_000, seen)).toMatchObject({
        ticketIds: [first.id],
      });
    }

    // 3. Every other ticket scanned from both processes at once, twice through each.
    const scanCalls = rest.flatMap((ticket) =>
      Array.from({ length: SCANS_PER_TICKET }, (_, k) => ({ ticket, side: k % 2 })),
    );
    const outcomes = await Promise.all(
      scanCalls.map(({ ticket, side }) =>
        scan(via()[side] as string, ticket.code, `door-${side ? 'b' : 'a'}`),
      ),
    );
    const scannedAt = Date.now();
    expect(tally(outcomes).byStatus).toEqual({ 200: scanCalls.length });
    const byTicket = new Map<string, string[]>();
    for (const [i, outcome] of outcomes.entries()) {
      const id = scanCalls[i]?.ticket.id as string;
      byTicket.set(id, [...(byTicket.get(id) ?? []), (outcome.body.result as { result: string }).result]);
    }
    for (const results of byTicket.values()) {
      expect(results.filter((r) => r === 'ADMITTED')).toHaveLength(1);
      expect(results.filter((r) => r === 'ALREADY_SCANNED')).toHaveLength(SCANS_PER_TICKET - 1);
    }
    // The database agrees: one admission per ticket, every attempt recorded.
    const [admitted] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketAdmissions)
      .innerJoin(tickets, eq(tickets.id, ticketAdmissions.ticketId))
      .where(eq(tickets.eventId, event.event.id));
    expect(admitted?.n).toBe(SEATS);
    const [recorded] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scans)
      .where(eq(scans.eventId, event.event.id));
    expect(recorded?.n).toBe(1 + scanCalls.length);

    // 4. With Redis the screen on A heard B's scans too and ends on the full count. Without it, A
    // recounts only after its own scans, and the last admission may have been B's: A's counts call,
    // read fresh from the database, gives the full count either way.
    // Counts are read at most once per twenty times the last reading took (COUNTS_DUTY_FACTOR): a
    // reading that queued behind the 96 racing scans for a quarter second puts the next one 5 s away.
    if (redisUrl) {
      expect(
        await stream.next((m) => m.type === 'counts' && m.counts.checkedIn === SEATS, 30_000, seen),
      ).toMatchObject({ counts: { sold: SEATS, checkedIn: SEATS } });
    }
    const counts = await httpCall(a.base, {
      method: 'GET',
      path: `${c.checkInCounts.path}?eventId=${event.event.id}&occurrenceId=${date.id}`,
      headers: clientHeaders(w.tokens.scanner),
    });
    expect(counts.body.result).toMatchObject({ sold: SEATS, checkedIn: SEATS });
    console.info(
      `two processes${redisUrl ? ' + Redis' : ''}: ${BUYERS} checkouts for ${SEATS} seats in ${soldAt - startedAt} ms, ` +
        `${scanCalls.length + 1} scans in ${scannedAt - soldAt} ms`,
    );
  }, 90_000);

  it('a message enqueued on A, which is then killed, is sent by B once the mail server is back: once', async () => {
    // A database of their own: the two processes above deliver its messages without a mail server.
    const other = await createTestApp({ database: { max: 2 } });
    const smtp = await startSmtpServer();
    let first: BuiltServer | undefined;
    let second: BuiltServer | undefined;
    try {
      const { event, ticketTypes } = await sellableEvent(other, { types: [{ pricing: 'FREE', seats: 5 }] });
      const env = {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Marquee <no-reply@marquee.test>',
        LOG_LEVEL: 'info',
      };
      smtp.state.down = true;
      [first, second] = await Promise.all([
        startBuiltServer(other.url, env),
        startBuiltServer(other.url, env),
      ]);
      const answer = await httpCall(first.base, {
        method: 'POST',
        path: c.createBooking.path,
        headers: { ...clientHeaders(), 'idempotency-key': randomUUID() },
        body: { eventId: event.id, lines: [{ ticketTypeId: ticketTypes[0]?.id, quantity: 1 }], buyer: guest },
      });
      expect(answer.status).toBe(200);
      const order = answer.body.result as { _id: string; code: string; status: string };
      expect(order.status).toBe('CONFIRMED');
      const message = async () =>
        (await other.db.select().from(outgoingMessages).where(eq(outgoingMessages.orderId, order._id)))[0];
      // A tried right after its commit and the mail server refused: the message waits for its retry.
      await until(async () => Boolean((await message())?.lastError), 20_000, 'a failed first attempt');
      const killed = new Promise((resolve) => first?.child.once('exit', (_code, signal) => resolve(signal)));
      first.child.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');
      expect(smtp.received).toHaveLength(0);

      smtp.state.down = false;
      // The retry comes due 30 s after the failure (the schedule's first step); B's loop takes it then.
      await until(async () => (await message())?.status === 'SENT', 90_000, 'the email sent by B');
      const mails = smtp.received.filter((mail) => mail.raw.includes(order.code));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual([guest.email]);
      expect(second.output()).toContain(order.code);
    } finally {
      await Promise.all([stopBuiltServer(first), stopBuiltServer(second)]);
      await smtp.close();
      await other.close();
    }
  }, 150_000);
});

/** Polls `check` until it holds; fails naming `what` after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
