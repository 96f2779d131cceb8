import { randomBytes } from 'node:crypto';
import * as c from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventFixtureResult, insertBooking } from '../../test/booking-fixtures.js';
import { call } from '../../test/calls.js';
import {
  type EventWorld,
  eventWorld,
  insertEvent,
  makeFreeEntry,
  type Persona,
} from '../../test/event-fixtures.js';
import { clientHeaders, createTestApp, createUser, manualClock, type TestApp } from '../../test/helpers.js';
import { catchUpRollups, readRolledUntil, rebuildRollups } from './rollup.js';
import { eventTicketTypes, organizations, refunds } from './schema/index.js';

/**
 * The roll-ups change how the dashboards read, never what they answer: both dashboards, for every
 * period, several callers and zones (Asia/Kolkata +05:30 and Asia/Kathmandu +05:45, whose days do not
 * start on a whole UTC hour; New York across the end of daylight saving on 1 November), are computed
 * from the base tables alone, then with the roll-ups caught up, then again after more sales in the
 * live tail and another catch-up, and must be equal each time. Orders, refunds and sign-ups sit a
 * minute either side of local midnights, UTC hours, the months' edges and the watermark.
 *
 * The clock stands at 2026-11-21 10:20 UTC, so the watermark is 10:00 (the last hour that ended more
 * than ROLLUP_LAG_MS ago).
 *
 * The lists are compared in the order a user sees them, ties included: two events' "Balcony" tickets
 * sell alike in every period (same tickets, same gross, same name), so only the lists' final
 * tiebreakers (the event's title, then ids) order them; the events are made in the opposite order of
 * their titles, so reading them in the order they happen to come out of the aggregate fails.
 */
const NOW = new Date('2026-11-21T10:20:00Z');
const clock = manualClock(NOW);

const ORDER_TIMES = [
  '2026-11-21T10:10:00Z', // after the watermark: the live tail
  '2026-11-21T09:59:59Z',
  '2026-11-21T09:00:00Z',
  '2026-11-20T18:15:00Z', // Kolkata: 23:45 on the 20th
  '2026-11-20T18:29:00Z',
  '2026-11-20T18:30:00Z', // Kolkata: midnight of the 21st
  '2026-11-20T18:45:00Z',
  '2026-11-15T04:59:00Z', // New York: 23:59 on the 14th
  '2026-11-15T05:00:00Z',
  '2026-11-01T04:30:00Z', // New York: 00:30 EDT on 1 November, the day that has 25 hours
  '2026-11-01T06:30:00Z', // 01:30 EST, after the clocks went back
  '2026-10-31T18:29:00Z', // Kolkata: a minute either side of 1 November
  '2026-10-31T18:31:00Z',
  '2026-10-22T18:29:00Z', // Kolkata: the first instant of the last 30 days is 2026-10-22T18:30Z
  '2026-10-22T18:31:00Z',
  '2026-10-05T12:00:00Z',
  '2026-09-23T18:35:00Z',
  '2026-03-01T00:00:00Z',
  '2026-01-01T00:10:00Z',
  '2025-12-31T18:35:00Z', // Kolkata: 00:05 on 1 January
  '2025-11-20T20:00:00Z', // last year, compared with this year
  '2025-06-15T12:00:00Z',
];

const PERIODS: Record<string, string>[] = [
  { period: 'TODAY' },
  { period: 'LAST_7_DAYS' },
  { period: 'LAST_30_DAYS' },
  { period: 'THIS_YEAR' },
  { period: 'CUSTOM', from: '2026-10-25', to: '2026-11-05' },
  { period: 'CUSTOM', from: '2025-11-21', to: '2026-11-21' },
];

let t: TestApp;
let w: EventWorld;
let jazz: EventFixtureResult;
let gala: EventFixtureResult;
let choir: EventFixtureResult;
/** Made in this order; the lists must show them the other way round (by title). */
let twins: EventFixtureResult[];
const TWIN_TITLES = ['Zephyr Late Show', 'Aurora Matinee'];

const minute = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000);

/** An order confirmed at `iso` (the fixture confirms a minute after creation). */
const confirmedAt = (
  event: EventFixtureResult,
  iso: string,
  extra: Partial<Parameters<typeof insertBooking>[1]> = {},
) => insertBooking(t.db, { event, createdAt: minute(iso, -1), ...extra });

async function refund(
  booking: { id: string; eventId: string; organizationId: string; currency: string },
  amount: number,
  feePart: number,
  processedAt: string | null,
) {
  await t.db.insert(refunds).values({
    idempotencyKey: `rollup-test-${randomBytes(6).toString('hex')}`,
    bookingId: booking.id,
    eventId: booking.eventId,
    organizationId: booking.organizationId,
    source: 'ORGANIZER',
    status: processedAt ? 'PROCESSED' : 'PENDING',
    currency: booking.currency,
    amount,
    feePart,
    organizerPart: amount - feePart,
    refundServiceFee: feePart > 0,
    processedAt: processedAt ? new Date(processedAt) : null,
  });
}

/** Gives the event's only ticket type `name`, in the row and the fixture (the booking lines copy it). */
async function nameTicketType(made: EventFixtureResult, name: string) {
  const type = made.ticketTypes[0];
  if (!type) throw new Error('fixture: no ticket type');
  await t.db.update(eventTicketTypes).set({ name }).where(eq(eventTicketTypes.id, type.id));
  made.ticketTypes[0] = { ...type, name };
}

/**
 * In every organizer dashboard showing both twins, their tied rows come out by title (Aurora before
 * Zephyr), side by side. Returns how many dashboards showed the tie, so the check cannot pass empty.
 */
function expectTwinsByTitle(answers: Record<string, unknown>) {
  let shown = 0;
  for (const answer of Object.values(answers) as c.OrganizerDashboard[]) {
    if (!answer.byTicketType) continue;
    const types = answer.byTicketType.filter((row) => row.name === 'Balcony');
    const events = answer.byEvent.filter((row) => TWIN_TITLES.includes(row.title));
    if (types.length < 2) continue;
    shown += 1;
    expect(types.map((row) => row.eventTitle)).toEqual([...TWIN_TITLES].sort());
    expect(events.map((row) => row.title)).toEqual([...TWIN_TITLES].sort());
    const first = answer.byTicketType.indexOf(types[0] as (typeof types)[number]);
    expect(answer.byTicketType[first + 1]).toBe(types[1]);
  }
  return shown;
}

/** Every dashboard the test compares, keyed by who asked what. */
async function everyDashboard() {
  const answers: Record<string, unknown> = {};
  for (const query of PERIODS) {
    const key = JSON.stringify(query);
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Asia/Kathmandu']) {
      const admin = await call(t, c.getAdminDashboard, {
        query: query as never,
        headers: { ...clientHeaders(w.tokens.admin), timezone: zone },
      });
      expect(admin.status).toBe(200);
      answers[`admin ${zone} ${key}`] = admin.body.result;
    }
    const organizer: [Persona, string | undefined, string][] = [
      ['admin', undefined, 'Asia/Kolkata'],
      ['owner', w.organization.id, 'UTC'],
      ['owner', undefined, 'America/New_York'],
      ['organizer', w.organization.id, 'UTC'],
      ['otherOrganizer', undefined, 'Asia/Kathmandu'],
      ['admin', w.otherOrganization.id, 'UTC'],
    ];
    for (const [who, organizationId, zone] of organizer) {
      const answer = await call(t, c.organizerDashboard, {
        query: { ...query, ...(organizationId ? { organizationId } : {}) } as never,
        headers: { ...clientHeaders(w.tokens[who]), timezone: zone },
      });
      expect(answer.status).toBe(200);
      answers[`organizer ${who} ${organizationId ?? 'all'} ${zone} ${key}`] = answer.body.result;
    }
  }
  return answers;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  w = await eventWorld(t);
  await t.db
    .update(organizations)
    .set({ timeZone: 'Asia/Kolkata' })
    .where(eq(organizations.id, w.organization.id));
  await t.db
    .update(organizations)
    .set({ currency: 'EUR', timeZone: 'America/New_York' })
    .where(eq(organizations.id, w.otherOrganization.id));
  jazz = await w.event({ title: 'Jazz Night', ticketTypes: 2, startsAt: new Date('2026-11-20T19:00:00Z') });
  await makeFreeEntry(t.db, jazz, 1);
  gala = await insertEvent(t.db, {
    organizationId: w.organization.id,
    title: 'Winter Gala',
    ticketTypes: 2,
    startsAt: new Date('2026-11-01T05:30:00Z'),
  });
  choir = await insertEvent(t.db, {
    organizationId: w.otherOrganization.id,
    title: 'Choir',
    startsAt: new Date('2026-11-30T18:00:00Z'),
  });

  twins = [];
  for (const title of TWIN_TITLES) {
    const twin = await insertEvent(t.db, {
      organizationId: w.organization.id,
      title,
      startsAt: new Date('2026-11-28T19:00:00Z'),
    });
    await nameTicketType(twin, 'Balcony');
    twins.push(twin);
  }

  for (const [i, iso] of ORDER_TIMES.entries()) {
    for (const twin of twins) await confirmedAt(twin, iso);
    const a = await confirmedAt(jazz, iso, {
      lines: i % 3 === 0 ? [{ quantity: 2 }, { type: 1, quantity: 1 }] : [{ quantity: 1 + (i % 2) }],
      scanned: i % 4 === 0 ? 1 : 0,
    });
    const g = await confirmedAt(gala, iso, {
      lines: [{ quantity: 1 }, { type: 1, quantity: i % 2 }].filter((l) => l.quantity > 0),
      feePaidBy: i % 2 ? 'ABSORBED' : 'BUYER',
    });
    const e = await confirmedAt(choir, iso, { currency: 'EUR', lines: [{ quantity: 1 + (i % 3) }] });
    if (i % 4 === 1) await refund(a.booking, 2500, 0, minute(iso, 45).toISOString());
    if (i % 5 === 2) await refund(g.booking, 1000, 100, minute(iso, 90).toISOString());
    if (i % 6 === 3) await refund(e.booking, 500, 0, minute(iso, 5).toISOString());
  }
  // A free order, a hold that never confirmed, a refund still pending: edge cases of what counts.
  await confirmedAt(jazz, '2026-11-20T18:35:00Z', { lines: [{ type: 1, quantity: 2 }] });
  await confirmedAt(jazz, '2026-11-21T08:00:00Z', { status: 'HELD' });
  const pending = await confirmedAt(gala, '2026-11-19T12:00:00Z');
  await refund(pending.booking, 500, 0, null);
  for (const iso of [
    '2026-11-21T10:10:00Z',
    '2026-11-21T09:30:00Z',
    '2026-11-20T18:29:00Z',
    '2026-11-20T18:30:00Z',
    '2026-10-01T00:00:00Z',
    '2025-11-20T12:00:00Z',
  ])
    await createUser(t, { createdAt: new Date(iso) });
});
afterAll(async () => {
  await t?.close();
});

describe('dashboard roll-ups', () => {
  it('answer exactly what the base tables answer, before and after each catch-up', async () => {
    expect(await readRolledUntil(t.db)).toBeNull();
    const fromBase = await everyDashboard();
    expect(expectTwinsByTitle(fromBase)).toBeGreaterThan(10);

    const first = await catchUpRollups(t.db, clock.now());
    expect(first.busy).toBe(false);
    expect(first.hours).toBeGreaterThan(24 * 365);
    expect(await readRolledUntil(t.db)).toEqual(new Date('2026-11-21T10:00:00Z'));
    const rolled = await everyDashboard();
    expectTwinsByTitle(rolled);
    expect(rolled).toEqual(fromBase);

    // Two hours later, with sales and a refund in the hours since: read live, then rolled.
    clock.advance(2 * 3_600_000);
    const late = await confirmedAt(jazz, '2026-11-21T10:40:00Z', { lines: [{ quantity: 3 }] });
    await confirmedAt(choir, '2026-11-21T11:59:00Z', { currency: 'EUR' });
    await refund(late.booking, 2500, 0, '2026-11-21T11:05:00Z');
    await createUser(t, { createdAt: new Date('2026-11-21T11:30:00Z') });
    const live = await everyDashboard();
    expect(live).not.toEqual(fromBase);
    expect(await catchUpRollups(t.db, clock.now())).toEqual({ hours: 2, busy: false });
    expect(await everyDashboard()).toEqual(live);
  });

  it('are read: an hour changed in them shows on both dashboards until a rebuild sums it again', async () => {
    const query = { period: 'THIS_YEAR' } as never;
    const admin = () =>
      call(t, c.getAdminDashboard, { query, headers: { ...clientHeaders(w.tokens.admin), timezone: 'UTC' } });
    const organizer = () =>
      call(t, c.organizerDashboard, {
        query: { period: 'THIS_YEAR', organizationId: w.organization.id } as never,
        headers: clientHeaders(w.tokens.owner),
      });
    const gross = async () => ({
      admin: (await admin()).body.result.currencies.find((x) => x.currency === 'USD')?.grossSales.value,
      organizer: (await organizer()).body.result.currencies.find((x) => x.currency === 'USD')?.grossSales
        .value,
    });
    const truth = await gross();
    const hour = sql`'2026-11-20T18:00:00Z'::timestamptz`;
    await t.db.execute(
      sql`update hourly_sales set gross = gross + 1 where hour = ${hour} and currency = 'USD'`,
    );
    await t.db.execute(
      sql`update hourly_event_sales set gross = gross + 1 where hour = ${hour} and event_id = ${jazz.event.id}`,
    );
    expect(await gross()).toEqual({ admin: (truth.admin ?? 0) + 1, organizer: (truth.organizer ?? 0) + 1 });

    const rebuilt = await rebuildRollups(t.db, clock.now());
    expect(rebuilt.hours).toBeGreaterThan(24 * 365);
    expect(await gross()).toEqual(truth);
  });
});
