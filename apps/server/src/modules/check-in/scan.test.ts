import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBooking } from '../../../test/booking-fixtures.js';
import { call } from '../../../test/calls.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { eventWorld, insertEvent } from '../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { scans, ticketAdmissions, tickets } from '../../db/schema/index.js';
import { scanEngine } from './index.js';

/**
 * The door's invariant (domain.md): a ticket is admitted at most once per date, whatever the number of
 * devices, retries and offline queues. Every outcome is asserted as the scanner sees it.
 */
let t: TestApp;
let base: string;
let w: Awaited<ReturnType<typeof eventWorld>>;

beforeAll(async () => {
  t = await createTestApp({ database: { max: 16, connectionTimeoutMs: 30_000 } });
  base = await listenOnLoopback(t);
  w = await eventWorld(t);
});
afterAll(async () => {
  await t.close();
});

async function sold(options: { occurrences?: number; quantity?: number; occurrence?: number } = {}) {
  const event = await w.event({
    kind: options.occurrences ? 'MULTI' : 'SINGLE',
    occurrences: options.occurrences,
  });
  const order = await insertBooking(t.db, {
    event,
    lines: [{ quantity: options.quantity ?? 2 }],
    occurrence: options.occurrence ?? 0,
    attendees: ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'].slice(0, options.quantity ?? 2),
  });
  const first = event.occurrences[0];
  if (!first) throw new Error('no date');
  return { event, order, eventId: event.event.id, date: first.id, codes: order.tickets.map((tk) => tk.code) };
}

function scan(
  s: { eventId: string; date: string },
  code: string,
  options: { token?: string; nonce?: string; deviceId?: string; occurrenceId?: string } = {},
) {
  return call(t, c.scanTicket, {
    token: options.token ?? w.tokens.scanner,
    body: {
      eventId: s.eventId,
      occurrenceId: options.occurrenceId ?? s.date,
      code,
      deviceId: options.deviceId ?? 'Door-A',
      nonce: options.nonce ?? randomUUID(),
    },
  });
}

describe('scan-ticket', () => {
  it('admits a valid ticket once, then says when, by whom and on which device it was scanned', async () => {
    const s = await sold();
    const first = await scan(s, s.codes[0] ?? '');
    expect(first.status).toBe(200);
    expect(first.body.result.result).toBe('ADMITTED');
    expect(first.body.result.ticket?.attendeeName).toBe('Ada Lovelace');
    expect(first.body.message).toMatch(/^Admitted: Ada Lovelace, .* \(order .+\)\.$/);

    const again = await scan(s, s.codes[0] ?? '', { token: w.tokens.organizer, deviceId: 'Door-B' });
    expect(again.body.result.result).toBe('ALREADY_SCANNED');
    expect(again.body.result.previous).toMatchObject({
      by: 'Sam Scanner',
      deviceId: 'Door-A',
      source: 'ONLINE',
    });
    expect(again.body.message).toContain('by Sam Scanner on Door-A');

    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.code, s.codes[0] ?? ''));
    expect(ticket?.scannedAt).not.toBeNull();
    expect(ticket?.scannedBy).toBe(w.scanner.user.id);
  });

  it('64 concurrent scans of one ticket over real HTTP admit exactly one', async () => {
    const s = await sold();
    const tally = await inParallel(
      base,
      64,
      (i) => ({
        method: 'POST',
        path: c.scanTicket.path,
        headers: clientHeaders(i % 2 ? w.tokens.scanner : w.tokens.organizer),
        body: {
          eventId: s.eventId,
          occurrenceId: s.date,
          code: s.codes[0],
          deviceId: `Door-${i}`,
          nonce: randomUUID(),
        },
      }),
      60_000,
    );
    expect(tally.byStatus).toEqual({ 200: 64 });
    const results = tally.answers.map((a) => (a.body.result as { result: string }).result);
    expect(results.filter((r) => r === 'ADMITTED')).toHaveLength(1);
    expect(results.filter((r) => r === 'ALREADY_SCANNED')).toHaveLength(63);
    const admissions = await t.db
      .select()
      .from(ticketAdmissions)
      .where(eq(ticketAdmissions.eventId, s.eventId));
    expect(admissions).toHaveLength(1);
    const history = await t.db.select().from(scans).where(eq(scans.eventId, s.eventId));
    expect(history).toHaveLength(64);
  });

  it('answers the first outcome again for a repeated nonce, even sent concurrently, and changes nothing', async () => {
    const s = await sold();
    const nonce = randomUUID();
    const tally = await inParallel(base, 16, () => ({
      method: 'POST',
      path: c.scanTicket.path,
      headers: clientHeaders(w.tokens.scanner),
      body: { eventId: s.eventId, occurrenceId: s.date, code: s.codes[0], deviceId: 'Door-A', nonce },
    }));
    expect(tally.byStatus).toEqual({ 200: 16 });
    const outcomes = tally.answers.map((a) => a.body.result as c.ScanOutcome);
    expect(outcomes.every((o) => o.result === 'ADMITTED')).toBe(true);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.scanId)).size).toBe(1);
    expect(await t.db.select().from(scans).where(eq(scans.nonce, nonce))).toHaveLength(1);
  });

  it('a nonce decided first in another transaction wins: the later scan admits nothing and answers the first', async () => {
    const s = await sold();
    const [first, second] = s.codes as [string, string];
    const nonce = randomUUID();
    const decide = (code: string) => ({
      text: `select * from checkin_scan($1, $2, $3, $4, 'Door-A', $5, 'ONLINE', now(), null)`,
      values: [s.eventId, s.date, code, w.scanner.user.id, nonce],
    });
    const held = await t.db.$client.connect();
    const later = await t.db.$client.connect();
    try {
      const laterPid = (await later.query('select pg_backend_pid() as pid')).rows[0]?.pid;
      await held.query('begin');
      const [kept] = (await held.query(decide(first))).rows;
      // The later scan (another ticket, the same nonce) admits its ticket, then waits on the line's nonce.
      const answer = later.query(decide(second));
      for (let waited = 0; ; waited++) {
        const { rows } = await t.db.$client.query(
          'select wait_event_type as waits from pg_stat_activity where pid = $1',
          [laterPid],
        );
        if (rows[0]?.waits === 'Lock') break;
        if (waited > 400) throw new Error('the later scan never waited for the first');
        await new Promise((r) => setTimeout(r, 25));
      }
      await held.query('commit');
      const [replayed] = (await answer).rows;
      expect(replayed).toMatchObject({ scan_id: kept?.scan_id, result: 'ADMITTED', replayed: true });
    } finally {
      held.release();
      later.release();
    }
    const admitted = await t.db
      .select({ code: tickets.code, scannedAt: tickets.scannedAt })
      .from(tickets)
      .innerJoin(ticketAdmissions, eq(ticketAdmissions.ticketId, tickets.id))
      .where(eq(tickets.eventId, s.eventId));
    expect(admitted.map((a) => a.code)).toEqual([first]);
    const [untouched] = await t.db.select().from(tickets).where(eq(tickets.code, second));
    expect(untouched?.scannedAt).toBeNull();
    expect(await t.db.select().from(scans).where(eq(scans.nonce, nonce))).toHaveLength(1);
  });

  it('refuses a nonce another person already used', async () => {
    const s = await sold();
    const nonce = randomUUID();
    await scan(s, s.codes[0] ?? '', { nonce });
    const stolen = await scan(s, s.codes[0] ?? '', { nonce, token: w.tokens.organizer });
    expect(stolen.status).toBe(409);
    expect(stolen.error?.message).toBe('This scan id was already used. Scan again.');
  });

  it('refuses refunded and cancelled tickets with the reason', async () => {
    const s = await sold();
    await t.db
      .update(tickets)
      .set({ status: 'REFUNDED' })
      .where(eq(tickets.code, s.codes[0] ?? ''));
    await t.db
      .update(tickets)
      .set({ status: 'CANCELLED' })
      .where(eq(tickets.code, s.codes[1] ?? ''));
    const refunded = await scan(s, s.codes[0] ?? '');
    expect(refunded.body.result.result).toBe('REFUNDED');
    expect(refunded.body.message).toMatch(/^This ticket was refunded and is no longer valid/);
    const cancelled = await scan(s, s.codes[1] ?? '');
    expect(cancelled.body.result.result).toBe('CANCELLED');
    expect(await t.db.select().from(ticketAdmissions).where(eq(ticketAdmissions.eventId, s.eventId))).toEqual(
      [],
    );
  });

  it('refuses a ticket of another date, of another event, and a code nobody issued', async () => {
    const s = await sold({ occurrences: 2, occurrence: 1 });
    const wrongDate = await scan(s, s.codes[0] ?? '');
    expect(wrongDate.body.result.result).toBe('WRONG_DATE');
    expect(wrongDate.body.message).toMatch(/^This ticket is for another date\. It is for /);
    const onItsDate = await scan(s, s.codes[0] ?? '', { occurrenceId: s.event.occurrences[1]?.id });
    expect(onItsDate.body.result.result).toBe('ADMITTED');

    const other = await sold();
    const wrongEvent = await scan(s, other.codes[0] ?? '');
    expect(wrongEvent.body.result.result).toBe('WRONG_EVENT');
    // Nothing of the other event's ticket is shown, nor kept in this event's history.
    expect(wrongEvent.body.result.ticket).toBeNull();
    const unknown = await scan(s, 'not-a-real-code-1234');
    expect(unknown.body.result.result).toBe('NOT_FOUND');
    const [line] = await t.db.select().from(scans).where(eq(scans.id, unknown.body.result.scanId));
    expect(line).toMatchObject({ ticketId: null, codeTail: '1234' });
  });

  it('admits a course ticket once per session', async () => {
    const s = await sold({ occurrences: 2 });
    await t.db
      .update(tickets)
      .set({ occurrenceId: null })
      .where(eq(tickets.code, s.codes[0] ?? ''));
    const second = s.event.occurrences[1]?.id;
    expect((await scan(s, s.codes[0] ?? '')).body.result.result).toBe('ADMITTED');
    expect((await scan(s, s.codes[0] ?? '', { occurrenceId: second })).body.result.result).toBe('ADMITTED');
    expect((await scan(s, s.codes[0] ?? '', { occurrenceId: second })).body.result.result).toBe(
      'ALREADY_SCANNED',
    );
  });

  it('scans sent together share a batch and each keeps its own answer: a replay, a wrong date, one ticket twice', async () => {
    const s = await sold({ quantity: 4 });
    const other = await sold();
    const [first, second, third, fourth] = s.codes as [string, string, string, string];
    const replayed = randomUUID();
    const input = (code: string, options: { nonce?: string; occurrenceId?: string } = {}) => ({
      eventId: s.eventId,
      occurrenceId: options.occurrenceId ?? s.date,
      code,
      actorId: w.scanner.user.id,
      deviceId: 'Door-B',
      nonce: options.nonce ?? randomUUID(),
      source: 'ONLINE' as const,
      scannedAt: new Date(),
      localResult: null,
    });
    // Started in one turn of the event loop: the engine sends them in one batch.
    const engine = scanEngine(t.app.ports);
    const settle = (inputs: ReturnType<typeof input>[]) =>
      Promise.allSettled(inputs.map((one) => engine.scan(one, 'UTC')));
    const together = await settle([
      input(second),
      input(first),
      input(third, { nonce: replayed }),
      input(third, { nonce: replayed }),
      input(fourth, { occurrenceId: other.date }),
    ]);
    const results = together.slice(0, 4).map((r) => (r.status === 'fulfilled' ? r.value : null));
    const wrong = together[4];
    expect(results.map((r) => r?.result)).toEqual(['ADMITTED', 'ADMITTED', 'ADMITTED', 'ADMITTED']);
    expect(results[2]?.scanId).toBe(results[3]?.scanId);
    expect([results[2]?.replayed, results[3]?.replayed].sort()).toEqual([false, true]);
    expect(wrong?.status).toBe('rejected');
    expect((wrong as PromiseRejectedResult).reason).toMatchObject({ statusCode: 400 });

    // A batch without a wrong date: two scans of one ticket, in the order sent.
    const again = await settle([input(fourth), input(fourth)]);
    expect(again.map((r) => (r.status === 'fulfilled' ? r.value.result : r.reason))).toEqual([
      'ADMITTED',
      'ALREADY_SCANNED',
    ]);
    const admissions = await t.db
      .select()
      .from(ticketAdmissions)
      .where(eq(ticketAdmissions.eventId, s.eventId));
    expect(admissions).toHaveLength(4);
    expect(await t.db.select().from(scans).where(eq(scans.eventId, s.eventId))).toHaveLength(5);
  });

  it('answers 400 on a date of another event and 404 to people who may not scan this event', async () => {
    const s = await sold();
    const other = await sold();
    const wrong = await scan(s, s.codes[0] ?? '', { occurrenceId: other.date });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.errors).toEqual([
      { field: 'occurrenceId', message: 'Choose one of the event’s dates' },
    ]);

    // A scanner of another event of the same organization, a member without a role, another organizer.
    const elsewhere = await insertEvent(t.db, { organizationId: w.organization.id, team: [] });
    const notOnIt = await call(t, c.scanTicket, {
      token: w.tokens.scanner,
      body: {
        eventId: elsewhere.event.id,
        occurrenceId: elsewhere.occurrences[0]?.id ?? '',
        code: 'x',
        deviceId: 'D',
        nonce: randomUUID(),
      },
    });
    expect(notOnIt.status).toBe(404);
    for (const token of [w.tokens.unassigned, w.tokens.otherOrganizer, w.tokens.buyer]) {
      const answer = await scan(s, s.codes[0] ?? '', { token });
      expect(answer.status).toBe(404);
    }
    expect(await t.db.select().from(ticketAdmissions).where(eq(ticketAdmissions.eventId, s.eventId))).toEqual(
      [],
    );
  });
});

describe('sync-offline-scans', () => {
  const offline = (
    s: { eventId: string; date: string },
    deviceId: string,
    items: { code: string; nonce: string }[],
  ) =>
    call(t, c.syncOfflineScans, {
      token: w.tokens.scanner,
      body: {
        eventId: s.eventId,
        deviceId,
        scans: items.map((item) => ({
          ...item,
          occurrenceId: s.date,
          scannedAt: new Date(Date.now() - 60_000).toISOString(),
          localResult: 'ADMITTED' as const,
        })),
      },
    });

  it('scans sent at once by people who may and may not scan are each decided for their sender', async () => {
    const s = await sold();
    const allowed = [w.tokens.scanner, w.tokens.organizer];
    const refused = [w.tokens.unassigned, w.tokens.otherOrganizer, w.tokens.buyer];
    const senders = [...allowed, ...refused];
    const tally = await inParallel(base, 40, (i) => ({
      method: 'POST',
      path: c.scanTicket.path,
      headers: clientHeaders(senders[i % senders.length] ?? ''),
      body: {
        eventId: s.eventId,
        occurrenceId: s.date,
        code: s.codes[0],
        deviceId: `Door-${i}`,
        nonce: randomUUID(),
      },
    }));
    expect(tally.byStatus).toEqual({ 200: 16, 404: 24 });
    for (const [i, answer] of tally.answers.entries())
      expect(answer.status).toBe(i % senders.length < allowed.length ? 200 : 404);
    const results = tally.answers.flatMap((a) =>
      a.status === 200 ? [(a.body.result as c.ScanOutcome).result] : [],
    );
    expect(results.filter((r) => r === 'ADMITTED')).toHaveLength(1);
    expect(await t.db.select().from(scans).where(eq(scans.eventId, s.eventId))).toHaveLength(16);
  });

  it('a queue replayed twice admits once and answers the same outcomes', async () => {
    const s = await sold({ quantity: 2 });
    const queue = s.codes.map((code) => ({ code, nonce: randomUUID() }));
    const first = await offline(s, 'Door-A', queue);
    const second = await offline(s, 'Door-A', queue);
    expect(first.body.result.outcomes.map((o) => o.result)).toEqual(['ADMITTED', 'ADMITTED']);
    expect(second.body.result.outcomes.map((o) => [o.result, o.replayed])).toEqual([
      ['ADMITTED', true],
      ['ADMITTED', true],
    ]);
    expect(second.body.result.conflicts).toBe(0);
    expect(
      await t.db.select().from(ticketAdmissions).where(eq(ticketAdmissions.eventId, s.eventId)),
    ).toHaveLength(2);
    // The door's time is kept, not the time of the sync.
    const [line] = await t.db
      .select()
      .from(scans)
      .where(eq(scans.nonce, queue[0]?.nonce ?? ''));
    expect(line?.source).toBe('OFFLINE');
    expect(Date.now() - (line?.scannedAt.getTime() ?? 0)).toBeGreaterThanOrEqual(59_000);
  });

  it('two offline devices admitting one ticket make one admission and one recorded conflict', async () => {
    const s = await sold({ quantity: 1 });
    const code = s.codes[0] ?? '';
    const [a, b] = await Promise.all([
      offline(s, 'Door-A', [{ code, nonce: randomUUID() }]),
      offline(s, 'Door-B', [{ code, nonce: randomUUID() }]),
    ]);
    const outcomes = [...a.body.result.outcomes, ...b.body.result.outcomes];
    expect(outcomes.map((o) => o.result).sort()).toEqual(['ADMITTED', 'ALREADY_SCANNED']);
    const clash = outcomes.find((o) => o.conflict);
    expect(clash?.previous?.deviceId).toMatch(/^Door-[AB]$/);
    expect(a.body.result.conflicts + b.body.result.conflicts).toBe(1);
    const lines = await t.db
      .select()
      .from(scans)
      .where(and(eq(scans.eventId, s.eventId), eq(scans.conflict, true)));
    expect(lines).toHaveLength(1);
    expect(
      await t.db.select().from(ticketAdmissions).where(eq(ticketAdmissions.eventId, s.eventId)),
    ).toHaveLength(1);
  });

  it('a ticket the device turned away offline is not admitted by the sync, and says what the door decided', async () => {
    const s = await sold({ quantity: 1 });
    const code = s.codes[0] ?? '';
    const turnedAway = await call(t, c.syncOfflineScans, {
      token: w.tokens.scanner,
      body: {
        eventId: s.eventId,
        deviceId: 'Door-A',
        // Bought after the device's list was downloaded: the door did not know it.
        scans: [
          {
            code,
            nonce: randomUUID(),
            occurrenceId: s.date,
            scannedAt: new Date().toISOString(),
            localResult: 'NOT_FOUND',
          },
        ],
      },
    });
    expect(turnedAway.body.result.outcomes[0]).toMatchObject({ result: 'NOT_FOUND', conflict: false });
    expect(await t.db.select().from(ticketAdmissions).where(eq(ticketAdmissions.eventId, s.eventId))).toEqual(
      [],
    );
    // When they come back, they are let in.
    expect((await scan(s, code)).body.result.result).toBe('ADMITTED');
  });

  it('a future device time is kept as the time of the sync, and bad input names the field', async () => {
    const s = await sold({ quantity: 1 });
    const answer = await call(t, c.syncOfflineScans, {
      token: w.tokens.scanner,
      body: {
        eventId: s.eventId,
        deviceId: 'Door-A',
        scans: [
          {
            code: s.codes[0] ?? '',
            nonce: randomUUID(),
            occurrenceId: s.date,
            scannedAt: '2099-01-01T00:00:00Z',
            localResult: 'ADMITTED',
          },
        ],
      },
    });
    expect(new Date(answer.body.result.outcomes[0]?.scannedAt ?? 0).getFullYear()).toBeLessThan(2099);
    const empty = await call(t, c.syncOfflineScans, {
      token: w.tokens.scanner,
      body: { eventId: s.eventId, deviceId: 'Door-A', scans: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.error?.errors?.[0]).toEqual({ field: 'scans', message: 'Nothing to sync' });
  });
});

describe('mark-scanned-unscanned-tickets', () => {
  const mark = (
    s: { eventId: string; date: string },
    ticketIds: string[],
    scanned: boolean,
    token = w.tokens.organizer,
  ) =>
    call(t, c.markScannedUnscannedTickets, {
      token,
      body: { eventId: s.eventId, occurrenceId: s.date, ticketIds, scanned },
    });

  it('marks by hand through the same admissions a scan uses, and records it as manual', async () => {
    const s = await sold({ quantity: 2 });
    const ids = s.order.tickets.map((tk) => tk.id);
    const marked = await mark(s, ids, true);
    expect(marked.body.result).toEqual({ changed: 2, unchanged: 0, refused: [] });
    expect(marked.body.message).toBe('2 marked scanned, 0 already scanned.');
    expect((await scan(s, s.codes[0] ?? '')).body.result).toMatchObject({
      result: 'ALREADY_SCANNED',
      previous: { by: 'Oscar Organizer', source: 'MANUAL' },
    });

    const unmarked = await mark(s, [ids[0] ?? ''], false, w.tokens.scanner);
    expect(unmarked.body.result.changed).toBe(1);
    const [ticket] = await t.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ids[0] ?? ''));
    expect(ticket?.scannedAt).toBeNull();
    expect((await scan(s, s.codes[0] ?? '')).body.result.result).toBe('ADMITTED');
    const manual = await t.db
      .select()
      .from(scans)
      .where(and(eq(scans.eventId, s.eventId), eq(scans.source, 'MANUAL')));
    expect(manual.map((l) => l.result).sort()).toEqual([
      'MARKED_NOT_SCANNED',
      'MARKED_SCANNED',
      'MARKED_SCANNED',
    ]);
  });

  it('says what was refused and why, and names an empty selection with the spec’s words', async () => {
    const s = await sold({ quantity: 2 });
    const [refundedId, validId] = s.order.tickets.map((tk) => tk.id);
    await t.db
      .update(tickets)
      .set({ status: 'REFUNDED' })
      .where(eq(tickets.id, refundedId ?? ''));
    const answer = await mark(s, [refundedId ?? '', validId ?? ''], true);
    expect(answer.body.result).toEqual({
      changed: 1,
      unchanged: 0,
      refused: [{ ticketId: refundedId, result: 'REFUNDED', message: 'Refunded tickets cannot be marked.' }],
    });
    for (const scanned of [true, false]) {
      const empty = await mark(s, [], scanned);
      expect(empty.status).toBe(400);
      expect(empty.error?.errors?.[0]?.message).toBe(
        c.emptySelectionMessage(scanned ? 'mark scanned' : 'mark not scanned'),
      );
    }
  });

  it('answers 404 for a ticket of another event and for people off the event', async () => {
    const s = await sold();
    const other = await sold();
    const foreign = await mark(s, [other.order.tickets[0]?.id ?? ''], true);
    expect(foreign.status).toBe(404);
    expect((await mark(s, [s.order.tickets[0]?.id ?? ''], true, w.tokens.unassigned)).status).toBe(404);
  });
});
