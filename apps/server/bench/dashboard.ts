import * as c from '@marquee/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { readRolledUntil, rebuildRollups } from '../src/db/rollup.js';
import { dashboardSplits } from '../src/db/rollup-ranges.js';
import { bookings, organizations, users } from '../src/db/schema/index.js';
import { eventScope } from '../src/lib/access/index.js';
import { bucketCuts, dashboardWindow } from '../src/lib/dashboard-window.js';
import { hashPassword } from '../src/lib/passwords.js';
import { currencyTotals, salesByEvent, salesSeries } from '../src/modules/dashboard/queries/sales-figures.js';
import { insertManyBookings } from '../test/booking-fixtures.js';
import { clientHeaders } from '../test/client-headers.js';
import { insertEvent, insertOrganization } from '../test/event-fixtures.js';
import type { BenchLine } from './lists.js';

/**
 * The organizer dashboard at scale (docs/dashboards.md, "Speed"): BENCH_DASHBOARD_ORDERS (default
 * 50 000) confirmed orders spread over the last year across several organizations, then the
 * `organizer-dashboard` call timed over HTTP (median and p95 of BENCH_DASHBOARD_CALLS sequential calls)
 * next to the raw SQL statements it runs for the same window, timed the same way.
 */
export async function benchDashboard(options: { address: string; db: Db }): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const { address, db } = options;
  const total = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 50_000);
  const calls = Number(process.env.BENCH_DASHBOARD_CALLS ?? 40);
  const organizationCount = 5;
  const eventsPerOrganization = 4;
  const perEvent = Math.ceil(total / (organizationCount * eventsPerOrganization));

  const password = 'Bench#12345';
  const [owner] = await db
    .insert(users)
    .values({
      email: `dashboard-bench-${Date.now()}@example.test`,
      username: `dashbench${Date.now()}`,
      firstName: 'Dash',
      lastName: 'Bench',
      passwordHash: await hashPassword(password),
      organizerRequest: 'APPROVED',
    })
    .returning();
  if (!owner) throw new Error('bench owner');

  const seeded = Date.now();
  const organizationIds: string[] = [];
  for (let o = 0; o < organizationCount; o++) {
    const organization = await insertOrganization(db, owner.id);
    await db
      .update(organizations)
      .set({ timeZone: 'America/New_York' })
      .where(eq(organizations.id, organization.id));
    organizationIds.push(organization.id);
    for (let e = 0; e < eventsPerOrganization; e++) {
      const made = await insertEvent(db, { organizationId: organization.id, ticketTypes: 1 });
      await db.execute(
        sql`update ticket_inventory set capacity = ${perEvent + 10} where event_id = ${made.event.id}`,
      );
      await insertManyBookings(db, made, perEvent);
    }
  }
  // Spread the orders over the last year (they were written a second apart).
  await db.execute(sql`
    update ${bookings} set confirmed_at = now() - random() * interval '365 days'
    where ${inArray(bookings.organizationId, organizationIds)}
  `);
  await db.execute(sql`analyze`);
  // What a seed does after writing past sales: the hours before the watermark summed again (lib/rollup.ts).
  const rolled = Date.now();
  await rebuildRollups(db, new Date());
  console.log(`dashboard: roll-ups rebuilt in ${((Date.now() - rolled) / 1000).toFixed(1)} s`);
  console.log(
    `dashboard: seeded ${perEvent * organizationCount * eventsPerOrganization} orders over a year in ${organizationCount} organizations (${((Date.now() - seeded) / 1000).toFixed(1)} s)`,
  );

  const login = await fetch(`${address}${c.login.path}`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password }),
  });
  const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;

  async function timed(work: () => Promise<unknown>) {
    await work(); // warm-up
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const start = performance.now();
      await work();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1);
    return {
      text: `median ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`,
      p50: at(0.5),
      p95: at(0.95),
    };
  }

  const actor = { user: { id: owner.id, role: 'USER' } } as Parameters<typeof eventScope>[0];
  const first = organizationIds[0] as string;
  const one = (column: unknown) => sql`${column} = ${first}`;
  for (const period of ['LAST_30_DAYS', 'THIS_YEAR'] as const) {
    const url = `${address}${c.organizerDashboard.path}?organizationId=${first}&period=${period}`;
    const http = await timed(async () => {
      const response = await fetch(url, { headers: clientHeaders(token) });
      if (!response.ok) throw new Error(`dashboard answered ${response.status}`);
      await response.arrayBuffer();
    });
    const w = dashboardWindow(period, {}, 'America/New_York', new Date());
    const scope = { organizations: one, events: eventScope(actor, 'manage') };
    const splits = dashboardSplits(w, bucketCuts(w), await readRolledUntil(db));
    const raw = await timed(() =>
      Promise.all([
        currencyTotals(db, scope, w, splits),
        salesSeries(db, scope, w, splits),
        salesByEvent(db, scope, w, splits),
      ]),
    );
    const totalsOnly = await timed(() => currencyTotals(db, scope, w, splits));
    console.log(`GET organizer-dashboard ${period.padEnd(13)} HTTP      ${http.text}`);
    console.log(`  raw SQL (totals, series, by event) ${period.padEnd(13)} ${raw.text}`);
    console.log(`  raw SQL (totals statement alone)   ${period.padEnd(13)} ${totalsOnly.text}`);
    lines.push({
      figure: `dashboard ${period} (${total} orders), p50 / p95`,
      measured: `${http.p50} / ${http.p95} ms`,
      raw: `${raw.p50} / ${raw.p95} ms`,
      ratio: `${(Number(http.p95) / Math.max(Number(raw.p95), 0.01)).toFixed(2)}×`,
    });
  }
  const plan = await db.execute(
    sql`explain select count(*) from ${bookings} where ${bookings.organizationId} = ${first} and ${bookings.confirmedAt} >= now() - interval '30 days' and ${bookings.confirmedAt} < now() and ${bookings.confirmedAt} is not null`,
  );
  const usesIndex = plan.rows.some((r) => String(Object.values(r)[0]).includes('bookings_confirmed_idx'));
  console.log(`  plan of the 30-day range uses bookings_confirmed_idx: ${usesIndex ? 'yes' : 'no'}`);
  return lines;
}
