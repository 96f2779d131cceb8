import { createHash, randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertManyBookings } from '../../../../test/booking-fixtures.js';
import { call } from '../../../../test/calls.js';
import { type CheckInReadsWorld, checkInReadsWorld, scanAt } from '../../../../test/check-in-reads-world.js';
import type { Persona } from '../../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../../test/helpers.js';
import { eventTeam, organizationMembers } from '../../../db/schema/index.js';

let t: TestApp;
let w: CheckInReadsWorld;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * After the world is built the door has seen, on date 1: Ada's first ticket admitted and Mary's course
 * ticket admitted; Grace's refunded ticket refused. On date 2: Mary's course ticket admitted again.
 */
beforeAll(async () => {
  t = await createTestApp();
  w = await checkInReadsWorld(t);
  const scan = (occurrenceId: string, code: string) =>
    scanAt(t, w.tokens.scanner, { eventId: w.weekend.event.id, occurrenceId, code });
  expect((await scan(w.date(0), w.ticket(w.orders.ada).code)).result).toBe('ADMITTED');
  expect((await scan(w.date(0), w.ticket(w.orders.mary).code)).result).toBe('ADMITTED');
  expect((await scan(w.date(0), w.ticket(w.orders.grace).code)).result).toBe('REFUNDED');
  expect((await scan(w.date(1), w.ticket(w.orders.mary).code)).result).toBe('ADMITTED');
});
afterAll(async () => {
  await t?.close();
});

const counts = (occurrenceId: string, who: Persona = 'scanner', eventId = w.weekend.event.id) =>
  call(t, c.checkInCounts, { token: w.tokens[who], query: { eventId, occurrenceId } });

const attendees = (query: Partial<c.QueryOf<typeof c.checkInAttendeeList>> = {}, who: Persona = 'scanner') =>
  call(t, c.checkInAttendeeList, {
    token: w.tokens[who],
    query: { eventId: w.weekend.event.id, occurrenceId: w.date(0), ...query },
  });

const names = (items: { attendeeName: string | null; buyerName: string }[]) =>
  items.map((item) => item.attendeeName ?? item.buyerName);

describe('check-in-counts', () => {
  it('date 1: VALID tickets of the date and course tickets, per type, unsold types with zeros', async () => {
    const r = await counts(w.date(0));
    expect(r.status).toBe(200);
    const [one, two, three] = w.weekend.ticketTypes;
    expect(r.body.result).toMatchObject({
      eventId: w.weekend.event.id,
      occurrenceId: w.date(0),
      sold: 3,
      checkedIn: 2,
      byTicketType: [
        { ticketTypeId: one?.id, name: 'Ticket 1', sold: 2, checkedIn: 1 },
        // Grace's refunded ticket is not sold; Mary's course ticket is.
        { ticketTypeId: two?.id, name: 'Ticket 2', sold: 1, checkedIn: 1 },
        { ticketTypeId: three?.id, name: 'Ticket 3', sold: 0, checkedIn: 0 },
      ],
    });
    expect(Date.parse(r.body.result.at)).not.toBeNaN();
  });

  it('date 2: its own ticket and the course ticket, admitted once per session', async () => {
    const r = await counts(w.date(1));
    expect(r.body.result.sold).toBe(2);
    expect(r.body.result.checkedIn).toBe(1);
    expect(r.body.result.byTicketType.map((type) => [type.sold, type.checkedIn])).toEqual([
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
  });

  it('a date of another event is a 400 on occurrenceId', async () => {
    const r = await counts(w.other.occurrences[0]?.id ?? '');
    expect(r.status).toBe(400);
    expect(r.error?.errors?.map((e) => e.field)).toEqual(['occurrenceId']);
  });
});

describe('check-in-attendee-list', () => {
  it('the date’s VALID tickets (course tickets too), by name, with who checked them in', async () => {
    const r = await attendees();
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(3);
    expect(names(r.body.result.items)).toEqual(['Ada Lovelace', 'Alan Turing', 'Mary Jackson']);
    const [ada, alan, mary] = r.body.result.items;
    expect(ada).toMatchObject({
      ticketId: w.ticket(w.orders.ada).id,
      bookingCode: 'ADA23456',
      buyerEmail: 'ada@example.test',
      ticketTypeName: 'Ticket 1',
      status: 'VALID',
      checkedInBy: 'Sam Scanner',
    });
    expect(ada?.checkedInAt).toEqual(expect.any(String));
    expect(alan).toMatchObject({ checkedInAt: null, checkedInBy: null });
    expect(mary?.checkedInAt).toEqual(expect.any(String));
  });

  it('date 2 lists its own ticket and the course ticket; the course ticket’s admission is per date', async () => {
    const all = await attendees({ occurrenceId: w.date(1) });
    expect(names(all.body.result.items)).toEqual(['Katherine Johnson', 'Mary Jackson']);
    const inside = await attendees({ occurrenceId: w.date(1), checkedIn: 'true' });
    expect(names(inside.body.result.items)).toEqual(['Mary Jackson']);
  });

  it('search: attendee name, buyer name or email, order code, any case', async () => {
    const found = async (search: string) => names((await attendees({ search })).body.result.items);
    expect(await found('TURING')).toEqual(['Alan Turing']);
    expect(await found('ada@EXAMPLE')).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(await found('mary2345')).toEqual(['Mary Jackson']);
    expect(await found('jackson')).toEqual(['Mary Jackson']);
    // Refunded tickets only when asked for.
    expect(await found('grace')).toEqual([]);
    expect(await found('100%')).toEqual([]);
  });

  it('filters: checked in or not, ticket type, status', async () => {
    const list = async (query: Partial<c.QueryOf<typeof c.checkInAttendeeList>>) =>
      names((await attendees(query)).body.result.items);
    expect(await list({ checkedIn: 'true' })).toEqual(['Ada Lovelace', 'Mary Jackson']);
    expect(await list({ checkedIn: 'false' })).toEqual(['Alan Turing']);
    expect(await list({ ticketTypeId: w.weekend.ticketTypes[1]?.id })).toEqual(['Mary Jackson']);
    const refunded = await attendees({ status: 'REFUNDED' });
    expect(refunded.body.result.items).toMatchObject([
      { buyerName: 'Grace Hopper', attendeeName: null, status: 'REFUNDED', checkedInAt: null },
    ]);
  });

  it('pages', async () => {
    const r = await attendees({ page: 2, limit: 1 });
    expect(r.body.result).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(names(r.body.result.items)).toEqual(['Alan Turing']);
  });

  it('a date of another event is a 400 on occurrenceId', async () => {
    const r = await attendees({ occurrenceId: w.other.occurrences[0]?.id });
    expect(r.status).toBe(400);
    expect(r.error?.errors?.map((e) => e.field)).toEqual(['occurrenceId']);
  });
});

describe('check-in-offline-list', () => {
  it('every ticket of the event, all statuses and dates, codes only as their SHA-256', async () => {
    const r = await call(t, c.checkInOfflineList, {
      token: w.tokens.scanner,
      query: { eventId: w.weekend.event.id, occurrenceId: w.date(0) },
    });
    expect(r.status).toBe(200);
    const list = r.body.result;
    expect(list).toMatchObject({ eventId: w.weekend.event.id, occurrenceId: w.date(0) });
    const every = [w.orders.ada, w.orders.grace, w.orders.kat, w.orders.mary].flatMap((o) => o.tickets);
    expect(list.tickets).toHaveLength(every.length);
    for (const ticket of every) {
      const offline = list.tickets.find((entry) => entry.ticketId === ticket.id);
      expect(offline?.codeHash).toBe(sha256(ticket.code));
      expect(offline?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(offline)).not.toContain(ticket.code);
    }
    const byId = (id: string) => list.tickets.find((entry) => entry.ticketId === id);
    expect(byId(w.ticket(w.orders.ada).id)).toMatchObject({
      status: 'VALID',
      attendeeName: 'Ada Lovelace',
      buyerName: 'Ada Lovelace',
      ticketTypeName: 'Ticket 1',
      bookingCode: 'ADA23456',
      occurrenceId: w.date(0),
      occurrenceStartsAt: expect.any(String),
      admittedAt: expect.any(String),
    });
    const ada = byId(w.ticket(w.orders.ada).id);
    expect(ada?.admission).toMatchObject({ at: ada?.admittedAt, source: expect.any(String) });
    expect(byId(w.ticket(w.orders.ada, 1).id)).toMatchObject({ admittedAt: null, admission: null });
    expect(byId(w.ticket(w.orders.grace).id)?.status).toBe('REFUNDED');
    expect(byId(w.ticket(w.orders.kat).id)).toMatchObject({ occurrenceId: w.date(1), admittedAt: null });
    expect(byId(w.ticket(w.orders.mary).id)).toMatchObject({
      occurrenceId: null,
      admittedAt: expect.any(String),
    });
  });

  // How long it takes is measured where speed belongs (docs/check-in.md), not asserted here.
  it('10,000 tickets in one answer', async () => {
    const big = await w.event({ title: 'Big Door' });
    await insertManyBookings(t.db, big, 10_000);
    const r = await call(t, c.checkInOfflineList, {
      token: w.tokens.scanner,
      query: { eventId: big.event.id, occurrenceId: big.occurrences[0]?.id ?? '' },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.tickets).toHaveLength(10_000);
  });
});

describe('UserProfile.scansOnly', () => {
  const profile = async (token: string) => (await call(t, c.getUserDetail, { token })).body.result.scansOnly;

  it('true for a member who only scans; false for everyone else', async () => {
    expect(await profile(w.tokens.scanner)).toBe(true);
    for (const who of ['owner', 'admin', 'organizer', 'unassigned', 'otherOrganizer', 'buyer'] as const) {
      expect(await profile(w.tokens[who]), who).toBe(false);
    }
  });

  it('false once the scanner also organizes an event, or is no longer an active member', async () => {
    const scanner = w.members.scanner.id;
    await t.db
      .insert(eventTeam)
      .values({ eventId: w.other.event.id, memberId: scanner, role: 'EVENT_ORGANIZER' });
    expect(await profile(w.tokens.scanner)).toBe(false);
    await t.db
      .delete(eventTeam)
      .where(and(eq(eventTeam.eventId, w.other.event.id), eq(eventTeam.memberId, scanner)));
    expect(await profile(w.tokens.scanner)).toBe(true);
    await t.db
      .update(organizationMembers)
      .set({ status: 'INACTIVE' })
      .where(eq(organizationMembers.id, scanner));
    try {
      expect(await profile(w.tokens.scanner)).toBe(false);
    } finally {
      await t.db
        .update(organizationMembers)
        .set({ status: 'ACTIVE' })
        .where(eq(organizationMembers.id, scanner));
    }
  });
});

describe('who may read the door', () => {
  const eventQuery = (eventId: string, occurrenceId: string) => ({ eventId, occurrenceId });
  const status = async (route: c.RouteDef, who: Persona, query: Record<string, string>) =>
    (await call(t, route, { token: w.tokens[who], query: query as never })).status;
  const raw = async (path: string, who: Persona, query: Record<string, string>) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${path}?${new URLSearchParams(query).toString()}`,
        headers: clientHeaders(w.tokens[who]),
      })
    ).statusCode;
  const READS = [c.checkInCounts, c.checkInAttendeeList, c.checkInOfflineList, c.getScanHistory];

  it('the event’s scanner, organizer, owner and administrator may use every read', async () => {
    const query = eventQuery(w.weekend.event.id, w.date(0));
    for (const who of ['scanner', 'organizer', 'owner', 'admin'] as const) {
      for (const route of READS) expect(await status(route, who, query), `${who} ${route.path}`).toBe(200);
      expect(await raw(c.SCAN_HISTORY_EXPORT_PATH, who, { ...query, format: 'csv' }), who).toBe(200);
    }
  });

  it('a scanner of another event, a member without a role and another organizer get 404 on every call', async () => {
    const cases: [Persona, string, string][] = [
      ['scanner', w.other.event.id, w.other.occurrences[0]?.id ?? ''],
      ['unassigned', w.weekend.event.id, w.date(0)],
      ['otherOrganizer', w.weekend.event.id, w.date(0)],
    ];
    for (const [who, eventId, occurrenceId] of cases) {
      const query = eventQuery(eventId, occurrenceId);
      for (const route of READS) expect(await status(route, who, query), `${who} ${route.path}`).toBe(404);
      expect(await raw(c.SCAN_HISTORY_EXPORT_PATH, who, { ...query, format: 'csv' })).toBe(404);
      expect(await raw(c.CHECK_IN_LIVE_PATH, who, query)).toBe(404);
      const scan = await call(t, c.scanTicket, {
        token: w.tokens[who],
        body: { ...query, code: 'anything', deviceId: 'door-1', nonce: randomUUID() },
      });
      expect(scan.status).toBe(404);
      const sync = await call(t, c.syncOfflineScans, {
        token: w.tokens[who],
        body: {
          eventId,
          deviceId: 'door-1',
          scans: [
            {
              nonce: randomUUID(),
              code: 'anything',
              occurrenceId,
              scannedAt: new Date().toISOString(),
              localResult: 'ADMITTED',
            },
          ],
        },
      });
      expect(sync.status).toBe(404);
      const mark = await call(t, c.markScannedUnscannedTickets, {
        token: w.tokens[who],
        body: { ...query, scanned: true, ticketIds: [w.ticket(w.orders.ada, 1).id] },
      });
      expect(mark.status).toBe(404);
    }
  });

  it('a scanner still gets 404 on the event’s orders, tickets and attendees', async () => {
    const eventId = w.weekend.event.id;
    expect(await status(c.organizerEventBookingList, 'scanner', { eventId })).toBe(404);
    expect(await status(c.organizerEventBookingTicketList, 'scanner', { eventId })).toBe(404);
    expect(await status(c.eventAttendeesList, 'scanner', { eventId })).toBe(404);
    expect(await status(c.organizerBookingDetail, 'scanner', { bookingId: w.orders.ada.booking.id })).toBe(
      404,
    );
  });

  it('the event list is for the console: a buyer is refused, an unassigned member sees nothing', async () => {
    expect(await status(c.checkInEventList, 'buyer', {})).toBe(403);
    const r = await call(t, c.checkInEventList, { token: w.tokens.unassigned });
    expect(r.body.result).toEqual([]);
  });
});
