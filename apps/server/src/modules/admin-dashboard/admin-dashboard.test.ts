import { randomBytes } from 'node:crypto';
import { ACCESS_REFUSALS, getAdminDashboard } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { insertEvent, insertOrganization } from '../../../test/event-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import { bookings, nonProfitExemptions, organizerRequestDetails, refunds } from '../../db/schema/index.js';

/**
 * Figures checked against values worked out by hand on a fixed data set, read in New York time on
 * Saturday 21 November 2026 (EST, UTC-5): the last 7 days are Nov 15–21 (from 05:00 UTC on the 15th),
 * the previous period Nov 8–14. Rows a few minutes either side of local midnight prove the days are the
 * caller's, not UTC's.
 */
const NOW = new Date('2026-11-21T15:00:00Z');
const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('admin dashboard', () => {
  let t: TestApp;
  let admin: string;
  let organizer: string;
  let buyer: string;

  const dashboard = (token: string, query: Record<string, string> = {}, zone = NY) =>
    call(t, getAdminDashboard, {
      query: query as never,
      headers: { ...clientHeaders(token), timezone: zone },
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
    const long = at('2026-01-01T12:00:00Z');
    const a = await createUser(t, { role: 'ADMIN', createdAt: long });
    const owner = await createUser(t, { organizerRequest: 'APPROVED', createdAt: long });
    // Inside the period (Nov 20), a pending organizer request.
    const u1 = await createUser(t, { organizerRequest: 'PENDING', createdAt: at('2026-11-20T12:00:00Z') });
    await t.db.insert(organizerRequestDetails).values({
      userId: u1.id,
      organizationName: 'Pending Players',
      description: 'Community plays in the park every summer.',
      phone: '+15550109999',
    });
    // 04:30 UTC on the 15th is 23:30 on the 14th in New York: the previous period.
    await createUser(t, { createdAt: at('2026-11-15T04:30:00Z') });
    const u3 = await createUser(t, { createdAt: at('2026-11-10T12:00:00Z') });
    await t.db.insert(nonProfitExemptions).values({
      userId: u3.id,
      legalName: 'Harbor Choir Inc.',
      registrationNumber: 'NP-1',
      documentUrl: 'https://example.test/doc.pdf',
    });
    // Outside both periods, blocked.
    await createUser(t, { status: 'BLOCKED', createdAt: at('2026-10-01T12:00:00Z') });
    admin = await loginAs(t, a.email, a.password);
    organizer = await loginAs(t, owner.email, owner.password);
    const b = await createUser(t, { createdAt: long });
    buyer = await loginAs(t, b.email, b.password);
    // The buyer made above is a seventh user, outside both periods.

    const org = await insertOrganization(t.db, owner.id);
    const future = at('2026-12-01T19:00:00Z');
    const live = await insertEvent(t.db, { organizationId: org.id, startsAt: future });
    await insertEvent(t.db, { organizationId: org.id, startsAt: future, values: { isBlocked: true } });
    await insertEvent(t.db, { organizationId: org.id, status: 'DRAFT', occurrences: 0 });
    await insertEvent(t.db, { organizationId: org.id, startsAt: at('2026-11-01T19:00:00Z') });

    const booking = async (
      currency: string,
      total: number,
      fee: number,
      confirmedAt: Date | null,
      refunded: { amount: number; fee: number } = { amount: 0, fee: 0 },
    ) => {
      const [row] = await t.db
        .insert(bookings)
        .values({
          code: randomBytes(5).toString('hex').toUpperCase(),
          accessTokenHash: randomBytes(32).toString('hex'),
          eventId: live.event.id,
          organizationId: org.id,
          buyerName: 'Grace Guest',
          buyerEmail: 'grace@example.test',
          status: confirmedAt ? 'CONFIRMED' : 'HELD',
          currency,
          subtotal: total - fee,
          serviceFee: fee,
          total,
          organizerAmount: total - fee,
          feePaidBy: 'BUYER',
          refunded: refunded.amount,
          feeRefunded: refunded.fee,
          organizerRefunded: refunded.amount - refunded.fee,
          confirmedAt,
          createdAt: confirmedAt ?? at('2026-11-19T12:00:00Z'),
        })
        .returning();
      if (!row) throw new Error('booking');
      return row;
    };
    const b1 = await booking('USD', 2600, 100, at('2026-11-16T15:00:00Z'), { amount: 2600, fee: 100 });
    await booking('USD', 5200, 200, at('2026-11-21T04:59:00Z')); // Nov 20, 23:59 in New York
    await booking('USD', 1000, 50, at('2026-11-15T04:59:00Z')); // Nov 14, 23:59: previous period
    const b4 = await booking('EUR', 3000, 150, at('2026-11-18T10:00:00Z'));
    await booking('EUR', 9999, 999, at('2026-10-01T10:00:00Z')); // outside both
    await booking('USD', 0, 0, at('2026-11-20T18:00:00Z')); // a free order
    await booking('USD', 4000, 100, null); // held, never confirmed: no order

    const refund = (
      b: typeof b1,
      amount: number,
      feePart: number,
      status: 'PROCESSED' | 'PENDING',
      processedAt: Date | null,
    ) =>
      t.db.insert(refunds).values({
        idempotencyKey: randomBytes(8).toString('hex'),
        bookingId: b.id,
        eventId: b.eventId,
        organizationId: b.organizationId,
        source: 'ORGANIZER',
        status,
        currency: b.currency,
        amount,
        feePart,
        organizerPart: amount - feePart,
        refundServiceFee: feePart > 0,
        processedAt,
      });
    await refund(b1, 2600, 100, 'PROCESSED', at('2026-11-19T12:00:00Z'));
    await refund(b1, 100, 0, 'PENDING', null); // not processed: not counted
    await refund(b4, 500, 0, 'PROCESSED', at('2026-11-10T12:00:00Z')); // previous period
  });
  afterAll(() => t?.close());

  it('answers the hand-computed figures for the last 7 days in the caller’s zone', async () => {
    const { status, body } = await dashboard(admin, { period: 'LAST_7_DAYS' });
    expect(status).toBe(200);
    const d = body.result;
    expect(d.range).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(d.previousRange).toEqual({ from: '2026-11-08', to: '2026-11-14' });
    expect(d.timeZone).toBe(NY);
    expect(d.users).toEqual({ total: 7, newInPeriod: { value: 1, previous: 2, changePercent: -50 } });
    expect(d.approvedOrganizers).toBe(1);
    expect(d.pendingOrganizerRequests).toBe(1);
    expect(d.pendingNonProfitRequests).toBe(1);
    expect(d.liveEvents).toBe(1);
    expect(d.blockedUsers).toBe(1);
    expect(d.blockedEvents).toBe(1);
    expect(d.orders).toEqual({ value: 4, previous: 1, changePercent: 300 });
    expect(d.currencies).toEqual([
      {
        currency: 'EUR',
        grossSales: { value: 3000, previous: 0, changePercent: null },
        feesEarned: { value: 150, previous: 0, changePercent: null },
        refunds: { value: 0, previous: 500, changePercent: -100 },
      },
      {
        currency: 'USD',
        grossSales: { value: 7800, previous: 1000, changePercent: 680 },
        // 100 + 200 of fees, less the 100 of fee refunded on Nov 19.
        feesEarned: { value: 200, previous: 50, changePercent: 300 },
        refunds: { value: 2600, previous: 0, changePercent: null },
      },
    ]);
    expect(d.bucket).toBe('DAY');
    expect(d.series.map((p) => p.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    const byDate = Object.fromEntries(d.series.map((p) => [p.date, p]));
    expect(byDate['2026-11-16']).toEqual({
      date: '2026-11-16',
      signUps: 0,
      orders: 1,
      grossSales: { EUR: 0, USD: 2600 },
    });
    expect(byDate['2026-11-18']).toEqual({
      date: '2026-11-18',
      signUps: 0,
      orders: 1,
      grossSales: { EUR: 3000, USD: 0 },
    });
    expect(byDate['2026-11-20']).toEqual({
      date: '2026-11-20',
      signUps: 1,
      orders: 2,
      grossSales: { EUR: 0, USD: 5200 },
    });
    expect(byDate['2026-11-21']).toEqual({
      date: '2026-11-21',
      signUps: 0,
      orders: 0,
      grossSales: { EUR: 0, USD: 0 },
    });
  });

  it('reads the days in the caller’s zone: in UTC the midnight rows fall on other days', async () => {
    const { body } = await dashboard(admin, { period: 'LAST_7_DAYS' }, 'UTC');
    // UTC: Nov 15 00:00 – Nov 22 00:00. u2 (04:30 on the 15th) is now inside, b3 (04:59 on the 15th) too.
    expect(body.result.users.newInPeriod).toEqual({ value: 2, previous: 1, changePercent: 100 });
    expect(body.result.orders.value).toBe(5);
  });

  it('defaults to the last 30 days and groups a year by month', async () => {
    const month = await dashboard(admin);
    expect(month.body.result.period).toBe('LAST_30_DAYS');
    expect(month.body.result.range).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    const year = await dashboard(admin, { period: 'THIS_YEAR' });
    expect(year.body.result.bucket).toBe('MONTH');
    expect(year.body.result.series).toHaveLength(11);
    const october = year.body.result.series.find((p) => p.date === '2026-10-01');
    expect(october).toMatchObject({ orders: 1, grossSales: { EUR: 9999 } });
    const today = await dashboard(admin, { period: 'TODAY' });
    expect(today.body.result.range).toEqual({ from: '2026-11-21', to: '2026-11-21' });
  });

  it('takes a custom range and names the fields of a wrong one', async () => {
    const ok = await dashboard(admin, { period: 'CUSTOM', from: '2026-11-16', to: '2026-11-16' });
    expect(ok.body.result.orders.value).toBe(1);
    expect(ok.body.result.previousRange).toEqual({ from: '2026-11-15', to: '2026-11-15' });
    const missing = await dashboard(admin, { period: 'CUSTOM' });
    expect(missing.status).toBe(400);
    expect(missing.error?.errors?.map((e) => e.field).sort()).toEqual(['from', 'to']);
    const reversed = await dashboard(admin, { period: 'CUSTOM', from: '2026-11-16', to: '2026-11-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.error?.errors).toEqual([
      { field: 'to', message: 'The last day cannot be before the first day' },
    ]);
    const bad = await dashboard(admin, { period: 'SOMETIME' });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('period');
  });

  it('refuses everyone but administrators with 403', async () => {
    for (const token of [organizer, buyer]) {
      const { status, error } = await dashboard(token);
      expect(status).toBe(403);
      expect(error?.message).toBe(ACCESS_REFUSALS.admin);
    }
    const anonymous = await call(t, getAdminDashboard);
    expect(anonymous.status).toBe(401);
  });
});
