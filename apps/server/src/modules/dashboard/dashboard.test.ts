import * as c from '@marquee/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingFixture, insertBooking } from '../../../test/booking-fixtures.js';
import { call, invalid } from '../../../test/calls.js';
import {
  type EventWorld,
  eventWorld,
  insertEvent,
  makeFreeEntry,
  type Persona,
} from '../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import {
  bookingLines,
  bookings,
  duePayments,
  organizations,
  refunds,
  tickets,
} from '../../db/schema/index.js';

/**
 * The organizer dashboard against a fixed data set whose figures are computed by hand below
 * (docs/dashboards.md defines each figure). The clock stands at 2026-11-21 10:00 UTC, which is
 * 05:00 on 21 November in New York, the zone of the organization "Harbour".
 *
 * Harbour (USD, America/New_York), price 25.00, fee F = 2.5 % of 2500 (63) + 0.99 = 162 per paid seat:
 *   jazz (organizer and scanner on its team; dated 19 Nov, in the period):
 *     a1   2 × Ticket 1, buyer pays fee, confirmed 10 Nov 15:00Z → total 5324, fee 324; one seat refunded
 *          (2500, fee kept) on 18 Nov
 *     a2   1 × Ticket 1 + 2 × Free entry, confirmed 15 Nov → total 2662, fee 162, 3 tickets, 2 scanned
 *     late 1 × Ticket 1, confirmed 21 Nov 04:30Z = 20 Nov 23:30 in New York → total 2662, fee 162
 *     held 1 × Ticket 1, still HELD: counts nowhere
 *   gala (no team; dated January 2027):
 *     g1   3 × Ticket 1, confirmed 12 Nov → total 7986, fee 486
 *     prev 1 × Ticket 1, fee absorbed, confirmed 1 Oct (previous period) → total 2500, fee 162
 *   a due payment of 12.00 still pending
 * Choir (EUR, non-profit: no fees), owned by another organizer:
 *     c1   2 × Ticket 1, confirmed 5 Nov → total 5000, fee 0
 */

const FEE = 162;
const SEAT = 2500 + FEE;

let t: TestApp;
let w: EventWorld;
let jazzId: string;
let galaId: string;
let futureId: string;

const at = (iso: string) => new Date(new Date(iso).getTime() - 60_000); // fixtures confirm a minute after creation

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-11-21T10:00:00Z')) });
  w = await eventWorld(t);
  const harbour = w.organization.id;
  await t.db.update(organizations).set({ timeZone: 'America/New_York' }).where(eq(organizations.id, harbour));
  await t.db
    .update(organizations)
    .set({ currency: 'EUR', timeZone: 'Europe/Paris' })
    .where(eq(organizations.id, w.otherOrganization.id));

  const jazz = await w.event({
    title: 'Jazz Night',
    ticketTypes: 2,
    startsAt: new Date('2026-11-19T23:00:00Z'),
  });
  await makeFreeEntry(t.db, jazz, 1);
  const gala = await insertEvent(t.db, {
    organizationId: harbour,
    title: 'Winter Gala',
    startsAt: new Date('2027-01-10T19:00:00Z'),
  });
  const future = await w.event({ title: 'December Jam', startsAt: new Date('2026-12-05T20:00:00Z') });
  jazzId = jazz.event.id;
  galaId = gala.event.id;
  futureId = future.event.id;

  const order = (f: BookingFixture) => insertBooking(t.db, f);
  const a1 = await order({ event: jazz, lines: [{ quantity: 2 }], createdAt: at('2026-11-10T15:00:00Z') });
  await order({
    event: jazz,
    lines: [{ quantity: 1 }, { type: 1, quantity: 2 }],
    createdAt: at('2026-11-15T12:00:00Z'),
    scanned: 2,
  });
  await order({ event: jazz, lines: [{ quantity: 1 }], createdAt: at('2026-11-21T04:30:00Z') });
  await order({ event: jazz, status: 'HELD', createdAt: at('2026-11-20T12:00:00Z') });
  await order({ event: gala, lines: [{ quantity: 3 }], createdAt: at('2026-11-12T12:00:00Z') });
  await order({ event: gala, feePaidBy: 'ABSORBED', createdAt: at('2026-10-01T12:00:00Z') });

  // One seat of a1 refunded on 18 November, the service fee kept.
  const seat = a1.tickets[0];
  if (!seat) throw new Error('a1 tickets');
  await t.db.insert(refunds).values({
    idempotencyKey: 'dashboard-test-refund',
    bookingId: a1.booking.id,
    eventId: jazzId,
    organizationId: harbour,
    source: 'ORGANIZER',
    status: 'PROCESSED',
    currency: 'USD',
    amount: 2500,
    feePart: 0,
    organizerPart: 2500,
    refundServiceFee: false,
    processedAt: new Date('2026-11-18T12:00:00Z'),
  });
  await t.db
    .update(bookings)
    .set({ refunded: 2500, organizerRefunded: 2500 })
    .where(eq(bookings.id, a1.booking.id));
  await t.db.update(tickets).set({ status: 'REFUNDED', refunded: 2500 }).where(eq(tickets.id, seat.id));
  await t.db.insert(duePayments).values({
    organizationId: harbour,
    eventId: jazzId,
    purpose: 'ORDER_REFUND',
    status: 'PENDING',
    currency: 'USD',
    amount: 1200,
    provider: 'sandbox',
  });

  // The non-profit organization pays no service fee: its orders carry none.
  const choir = await insertEvent(t.db, {
    organizationId: w.otherOrganization.id,
    title: 'Choir',
    startsAt: new Date('2026-11-30T18:00:00Z'),
  });
  const c1 = await order({
    event: choir,
    lines: [{ quantity: 2 }],
    currency: 'EUR',
    createdAt: at('2026-11-05T12:00:00Z'),
  });
  await t.db
    .update(bookings)
    .set({ serviceFee: 0, total: 5000, organizerAmount: 5000 })
    .where(eq(bookings.id, c1.booking.id));
  await t.db
    .update(bookingLines)
    .set({ unitFee: 0 })
    .where(
      inArray(
        bookingLines.id,
        c1.lines.map((l) => l.id),
      ),
    );
});
afterAll(async () => {
  await t?.close();
});

const dashboard = (who: Persona, query: c.QueryOf<typeof c.organizerDashboard> = {}, zone = 'UTC') =>
  call(t, c.organizerDashboard, { query, headers: { ...clientHeaders(w.tokens[who]), timezone: zone } });

const usd = (r: Awaited<ReturnType<typeof dashboard>>) =>
  r.body.result.currencies.find((x) => x.currency === 'USD');

const fig = (value: number, previous: number) => ({
  value,
  previous,
  change: previous === 0 ? null : (value - previous) / previous,
});

describe('organizer-dashboard figures', () => {
  it('one organization, last 30 days in its own zone: every figure as computed by hand', async () => {
    const r = await dashboard('owner', { organizationId: w.organization.id });
    expect(r.status).toBe(200);
    const d = r.body.result;
    expect(d.period).toEqual({
      from: '2026-10-23',
      to: '2026-11-21',
      previousFrom: '2026-09-23',
      previousTo: '2026-10-22',
      timeZone: 'America/New_York',
      bucket: 'DAY',
    });
    expect(d.currencies).toEqual([
      {
        currency: 'USD',
        // a1 + a2 + late + g1 = 2 + 1 + 1 + 3 paid seats
        grossSales: fig(7 * SEAT, 2500),
        serviceFees: fig(7 * FEE, FEE),
        // organizer parts 7 × 2500, less the refund's organizer part 2500; before: 2500 − 162 absorbed
        netToOrganizer: fig(7 * 2500 - 2500, 2500 - FEE),
        refunds: fig(2500, 0),
        // 2 + 3 (one free pair) + 1 + 3; the free tickets count
        ticketsSold: fig(9, 1),
        orders: fig(4, 1),
        averageOrder: fig(Math.round((7 * SEAT) / 4), 2500),
      },
    ]);
    expect(d.currencies[0]?.grossSales.change).toBeCloseTo(6.4536, 4);
    // Jazz Night is the only event dated in the period: 5 valid tickets (one refunded), 2 admitted.
    expect(d.checkIn).toEqual({ admitted: 2, tickets: 5, rate: 0.4 });
    expect(d.dues).toEqual([{ currency: 'USD', amount: 1200 }]);
    expect(d.payout).toEqual({
      organizationId: w.organization.id,
      status: 'NOT_STARTED',
      canOpenDashboard: false,
    });
    expect(d.byEvent).toEqual([
      { eventId: jazzId, title: 'Jazz Night', currency: 'USD', grossSales: 4 * SEAT, ticketsSold: 6 },
      { eventId: galaId, title: 'Winter Gala', currency: 'USD', grossSales: 3 * SEAT, ticketsSold: 3 },
    ]);
    expect(d.byTicketType).toEqual([
      { name: 'Ticket 1', eventTitle: 'Jazz Night', currency: 'USD', ticketsSold: 4, grossSales: 4 * SEAT },
      { name: 'Ticket 1', eventTitle: 'Winter Gala', currency: 'USD', ticketsSold: 3, grossSales: 3 * SEAT },
      { name: 'Free entry', eventTitle: 'Jazz Night', currency: 'USD', ticketsSold: 2, grossSales: 0 },
    ]);
  });

  it('days are local: the 23:30 New York order is on 20 November, not on the UTC day', async () => {
    const r = await dashboard('owner', { organizationId: w.organization.id });
    const series = r.body.result.series;
    expect(series).toHaveLength(30);
    expect(series.every((row) => row.currency === 'USD')).toBe(true);
    const day = (date: string) => series.find((row) => row.date === date);
    expect(day('2026-11-20')).toEqual({
      date: '2026-11-20',
      currency: 'USD',
      grossSales: SEAT,
      ticketsSold: 1,
    });
    expect(day('2026-11-21')).toEqual({ date: '2026-11-21', currency: 'USD', grossSales: 0, ticketsSold: 0 });
    expect(day('2026-11-10')?.grossSales).toBe(2 * SEAT);
    expect(series.reduce((sum, row) => sum + row.grossSales, 0)).toBe(7 * SEAT);

    // Today in New York (21 Nov) has no sale yet; yesterday, the previous period, had the late order.
    const today = await dashboard('owner', { organizationId: w.organization.id, period: 'TODAY' });
    expect(today.body.result.period).toMatchObject({
      from: '2026-11-21',
      to: '2026-11-21',
      previousFrom: '2026-11-20',
    });
    expect(usd(today)?.grossSales).toEqual({ value: 0, previous: SEAT, change: -1 });
    // All organizations read days in the caller's zone: in UTC the late order is today's.
    const utc = await dashboard('owner', { period: 'TODAY' }, 'UTC');
    expect(usd(utc)?.grossSales.value).toBe(SEAT);
  });

  it('this year: charted per month and compared with the same days of last year', async () => {
    const r = await dashboard('owner', { organizationId: w.organization.id, period: 'THIS_YEAR' });
    const d = r.body.result;
    expect(d.period).toMatchObject({
      from: '2026-01-01',
      to: '2026-11-21',
      previousFrom: '2025-01-01',
      previousTo: '2025-11-21',
      bucket: 'MONTH',
    });
    expect(d.series.map((row) => row.date)).toEqual(
      Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    );
    expect(d.series.find((row) => row.date === '2026-10-01')?.grossSales).toBe(2500);
    expect(d.series.find((row) => row.date === '2026-11-01')?.grossSales).toBe(7 * SEAT);
    expect(usd(r)?.grossSales).toEqual({ value: 7 * SEAT + 2500, previous: 0, change: null });
  });

  it('custom days: both included; missing, reversed or too long ranges are field errors', async () => {
    const r = await dashboard('owner', {
      organizationId: w.organization.id,
      period: 'CUSTOM',
      from: '2026-11-10',
      to: '2026-11-12',
    });
    expect(r.body.result.period).toMatchObject({ previousFrom: '2026-11-07', previousTo: '2026-11-09' });
    expect(usd(r)?.grossSales.value).toBe(2 * SEAT + 3 * SEAT);

    const missing = await dashboard('owner', { period: 'CUSTOM' });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors).toEqual(
      expect.arrayContaining([
        { field: 'from', message: 'Choose the first day' },
        { field: 'to', message: 'Choose the last day' },
      ]),
    );
    const reversed = await dashboard('owner', { period: 'CUSTOM', from: '2026-11-12', to: '2026-11-10' });
    expect(reversed.status).toBe(400);
    expect(reversed.error?.errors).toEqual([
      { field: 'to', message: 'The last day cannot be before the first day' },
    ]);
    const long = await dashboard('owner', { period: 'CUSTOM', from: '2025-01-01', to: '2026-11-10' });
    expect(long.error?.errors).toEqual([{ field: 'to', message: 'Choose at most 366 days' }]);
    const bad = await dashboard('owner', invalid({ period: 'SOMETIME', organizationId: 'x' }));
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((e) => e.field).sort()).toEqual(['organizationId', 'period']);
  });

  it('two currencies are never added: all organizations for an administrator, EUR without fees', async () => {
    const r = await dashboard('admin', {}, 'UTC');
    expect(r.status).toBe(200);
    expect(r.body.result.currencies.map((x) => x.currency)).toEqual(['EUR', 'USD']);
    const eur = r.body.result.currencies[0];
    expect(eur).toMatchObject({
      grossSales: fig(5000, 0),
      serviceFees: fig(0, 0),
      netToOrganizer: fig(5000, 0),
      ticketsSold: fig(2, 0),
      orders: fig(1, 0),
    });
    expect(usd(r)?.grossSales.value).toBe(7 * SEAT);
    expect(r.body.result.payout).toBeNull();
  });
});

describe('who sees what', () => {
  it('members see the money of the events they may read; a scanner none; a stranger gets 404', async () => {
    const organizer = await dashboard('organizer', { organizationId: w.organization.id });
    expect(organizer.status).toBe(200);
    expect(organizer.body.result.currencies).toEqual([
      {
        currency: 'USD',
        grossSales: fig(4 * SEAT, 0),
        serviceFees: fig(4 * FEE, 0),
        netToOrganizer: fig(4 * 2500 - 2500, 0),
        refunds: fig(2500, 0),
        ticketsSold: fig(6, 0),
        orders: fig(3, 0),
        averageOrder: fig(Math.round((4 * SEAT) / 3), 0),
      },
    ]);
    expect(organizer.body.result.byEvent.map((e) => e.eventId)).toEqual([jazzId]);
    expect(organizer.body.result.payout).toBeNull();

    const scanner = await dashboard('scanner', { organizationId: w.organization.id });
    expect(scanner.status).toBe(200);
    expect(scanner.body.result).toMatchObject({
      currencies: [],
      dues: [],
      series: [],
      byEvent: [],
      byTicketType: [],
      checkIn: { admitted: 2, tickets: 5, rate: 0.4 },
    });
    const unassigned = await dashboard('unassigned', { organizationId: w.organization.id });
    expect(unassigned.body.result).toMatchObject({ currencies: [], checkIn: { tickets: 0, rate: null } });

    const stranger = await dashboard('otherOrganizer', { organizationId: w.organization.id });
    expect(stranger.status).toBe(404);
    expect(stranger.error?.message).toBe('The organization was not found.');
    // Their own dashboard has only their organization's money.
    const own = await dashboard('otherOrganizer');
    expect(own.body.result.currencies.map((x) => x.currency)).toEqual(['EUR']);
    expect((await dashboard('buyer')).status).toBe(403);

    const admin = await dashboard('admin', { organizationId: w.organization.id });
    expect(usd(admin)?.grossSales.value).toBe(7 * SEAT);
    expect(admin.body.result.payout?.status).toBe('NOT_STARTED');
  });

  it('the payout card can open the provider dashboard once an account exists', async () => {
    await t.db
      .update(organizations)
      .set({ payoutAccountId: 'acct_dashboard', payoutStatus: 'ACTIVE' })
      .where(eq(organizations.id, w.organization.id));
    const r = await dashboard('owner', { organizationId: w.organization.id });
    expect(r.body.result.payout).toEqual({
      organizationId: w.organization.id,
      status: 'ACTIVE',
      canOpenDashboard: true,
    });
  });
});

describe('dashboard-upcoming-event-list', () => {
  const upcoming = (who: Persona, query: c.QueryOf<typeof c.dashboardUpcomingEventList> = {}) =>
    call(t, c.dashboardUpcomingEventList, { token: w.tokens[who], query });

  it('next published events, soonest first, with sold/capacity and what the caller may do', async () => {
    const owner = await upcoming('owner');
    expect(owner.status).toBe(200);
    expect(owner.body.result.items.map((e) => e.title)).toEqual(['December Jam', 'Winter Gala']);
    expect(owner.body.result.total).toBe(2);
    expect(owner.body.result.items[1]).toMatchObject({
      _id: galaId,
      startsAt: '2027-01-10T19:00:00.000Z',
      timeZone: 'Europe/London',
      organization: { _id: w.organization.id },
      // g1's 3 seats and prev's 1; one ticket type of 50
      sold: 4,
      capacity: 50,
      canReadOrders: true,
      canScan: true,
    });

    const organizer = await upcoming('organizer');
    expect(organizer.body.result.items.map((e) => [e._id, e.canReadOrders, e.canScan])).toEqual([
      [futureId, true, true],
    ]);
    const scanner = await upcoming('scanner');
    expect(scanner.body.result.items.map((e) => [e._id, e.canReadOrders, e.canScan])).toEqual([
      [futureId, false, true],
    ]);
    expect((await upcoming('unassigned')).body.result.items).toEqual([]);
    const admin = await upcoming('admin');
    expect(admin.body.result.items.map((e) => e.title)).toEqual(['Choir', 'December Jam', 'Winter Gala']);
    const one = await upcoming('admin', { organizationId: w.otherOrganization.id, limit: 1 });
    expect(one.body.result).toMatchObject({ total: 1, page: 1, limit: 1 });
    const past = await upcoming('owner', { page: 5, limit: 1 });
    expect(past.body.result).toMatchObject({ items: [], total: 2, page: 5 });
    expect((await upcoming('otherOrganizer', { organizationId: w.organization.id })).status).toBe(404);
  });
});

describe('organization time zone', () => {
  it('is stored, returned, and refused when it is no IANA zone', async () => {
    const update = (timeZone: string) =>
      call(t, c.updateOrganization, {
        token: w.tokens.owner,
        body: { organizationId: w.organization.id, name: w.organization.name, timeZone },
      });
    const bad = await update('Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.error?.errors).toEqual([{ field: 'timeZone', message: 'Choose a time zone' }]);
    const ok = await update('America/New_York');
    expect(ok.status).toBe(200);
    expect(ok.body.result.timeZone).toBe('America/New_York');
    const created = await call(t, c.createOrganization, {
      token: w.tokens.owner,
      body: { name: 'Zoned Org', timeZone: 'Asia/Tokyo' },
    });
    expect(created.body.result.timeZone).toBe('Asia/Tokyo');
    const plain = await call(t, c.createOrganization, { token: w.tokens.owner, body: { name: 'Plain Org' } });
    expect(plain.body.result.timeZone).toBe('UTC');
  });
});
