import * as c from '@marquee/contract';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/client.js';
import { catchUpRollups } from '../src/db/rollup.js';
import { DEMO_ACCOUNTS } from '../src/db/seed.js';
import { SCALE_EMAIL_DOMAIN, SCALE_PASSWORD } from '../src/db/seed-scale.js';
import { clientHeaders } from '../test/client-headers.js';

/** One line of the bench table: a measured figure next to the raw PostgreSQL figure it is compared with. */
export interface BenchLine {
  figure: string;
  measured: string;
  raw: string;
  ratio: string;
}

interface Recorded {
  text: string;
  values?: unknown[];
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Lists at scale (BENCH_ONLY=lists): the first page of every console list, with a search and a common filter,
 * a deep page of every order by its number and from its cursor, and two organizers' order lists, on a
 * database filled by `npm run seed -- --scale …` (BENCH_DATABASE_URL). Each call runs BENCH_LIST_CALLS
 * times in process (`app.inject`, as the administrator); the statements one call ran are recorded from the
 * pool and replayed through a plain `pg` client the same number of times: the raw figure.
 */
export async function benchLists(url: string): Promise<BenchLine[]> {
  const calls = Number(process.env.BENCH_LIST_CALLS ?? 40);
  const database = connectDatabase(url, { max: 10, statementTimeoutMs: 60_000 });
  let recording: Recorded[] | undefined;
  const pool = database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const [first, second] = args;
    if (recording) {
      if (typeof first === 'string') recording.push({ text: first, values: second as unknown[] });
      else if (first && typeof first === 'object' && 'text' in first) {
        // drizzle passes the values as the second argument ({ text, rowMode }, values).
        const query = first as Recorded;
        recording.push({ text: query.text, values: query.values ?? (second as unknown[] | undefined) });
      }
    }
    return original(...args);
  };
  const config = testConfig({ login: { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 1_000_000 } });
  const app = await buildApp({ config, db: database.db });
  // The dashboards are read as a started server serves them: its roll-ups caught up (lib/rollup.ts).
  const rolling = performance.now();
  const rolled = await catchUpRollups(database.db, new Date()).catch((error: Error) => {
    console.error(`dashboard roll-ups not caught up (is the database migrated?): ${error.message}`);
    return null;
  });
  if (rolled)
    console.log(
      `dashboard roll-ups: ${rolled.hours} hours caught up in ${((performance.now() - rolling) / 1000).toFixed(1)} s`,
    );
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  const lines: BenchLine[] = [];
  try {
    const admin = DEMO_ACCOUNTS[0];
    const login = await app.inject({
      method: 'POST',
      url: c.login.path,
      headers: { ...clientHeaders(), 'content-type': 'application/json' },
      payload: { email: admin.email, password: admin.password },
    });
    const token = (login.json() as { result: { accessToken: string } }).result.accessToken;
    // Organizers' lists are scoped to their organizations: the busiest one's owner, and an owner whose
    // organization has no order (the list must not look through every order to find none). Only on a
    // database seeded with logins (`npm run seed -- --scale`); the bench's own generated scale has none.
    const organizerToken = async (email: string | undefined) => {
      const r = await app.inject({
        method: 'POST',
        url: c.login.path,
        headers: { ...clientHeaders(), 'content-type': 'application/json' },
        payload: { email, password: SCALE_PASSWORD },
      });
      return r.statusCode === 200
        ? (r.json() as { result: { accessToken: string } }).result.accessToken
        : undefined;
    };
    const big = await raw.query<{ id: string }>(
      `select event_id id from tickets group by event_id order by count(*) desc limit 1`,
    );
    const scanned = await raw.query<{ id: string }>(
      `select event_id id from scans group by event_id order by count(*) desc limit 1`,
    );
    const busiest = await raw.query<{ id: string }>(
      `select organization_id id from bookings group by organization_id order by count(*) desc limit 1`,
    );
    const organizationId = busiest.rows[0]?.id ?? '';
    const owners = await raw.query<{ busiest: string; idle: string }>(
      `select (select u.email from organizations o join users u on u.id = o.owner_id where o.id = $1) busiest,
        (select u.email from organizations o join users u on u.id = o.owner_id
          where u.email like '%@${SCALE_EMAIL_DOMAIN}'
            and not exists (select 1 from bookings b where b.organization_id = o.id) limit 1) idle`,
      [organizationId],
    );
    const [busiestOwner, idleOwner] = await Promise.all([
      organizerToken(owners.rows[0]?.busiest),
      organizerToken(owners.rows[0]?.idle),
    ]);
    const eventId = big.rows[0]?.id;
    const scanEventId = scanned.rows[0]?.id;
    // A deep page of every order (the administrator's list at 1,000,000): by its number (offset), and
    // from the cursor the page before it answered (keyset), when the list answers one.
    const deepPage = 5_000;
    const before = await app.inject({
      method: 'GET',
      url: `${c.organizerBookingList.path}?page=${deepPage - 1}&limit=20`,
      headers: clientHeaders(token),
    });
    const cursor = (before.json() as { result?: { nextCursor?: string } }).result?.nextCursor;
    const asOrganizers: [string, string, Record<string, string>, string][] = [];
    if (busiestOwner) {
      asOrganizers.push([
        "orders, busiest organization's owner",
        c.organizerBookingList.path,
        {},
        busiestOwner,
      ]);
    }
    if (idleOwner) {
      asOrganizers.push([
        'orders, owner of an organization without any',
        c.organizerBookingList.path,
        {},
        idleOwner,
      ]);
    }
    const cases: [string, string, Record<string, string>, string?][] = [
      ['orders (search + status)', c.organizerBookingList.path, { search: 'garcia', status: 'CONFIRMED' }],
      ['orders (status, no search)', c.organizerBookingList.path, { status: 'CONFIRMED' }],
      ...asOrganizers,
      [`orders, page ${deepPage} by number`, c.organizerBookingList.path, { page: String(deepPage) }],
      ...(cursor
        ? [
            [
              `orders, page ${deepPage} from the cursor`,
              c.organizerBookingList.path,
              { page: String(deepPage), cursor },
            ] as [string, string, Record<string, string>],
          ]
        : []),
      [
        'tickets of the largest event',
        c.organizerEventBookingTicketList.path,
        { eventId: eventId ?? '', search: 'ma' },
      ],
      [
        'attendees (search + status)',
        c.eventAttendeesList.path,
        { eventId: eventId ?? '', search: 'ma', status: 'VALID' },
      ],
      [
        'refund requests (search + status)',
        c.organizerRefundBookingTicketList.path,
        { search: 'ma', status: 'REQUESTED' },
      ],
      [
        'scan history (search + result)',
        c.getScanHistory.path,
        { eventId: scanEventId ?? '', search: 'ma', result: 'ADMITTED' },
      ],
      ['events (search + tab)', c.panelOrganizerEventList.path, { search: 'jazz', tab: 'UPCOMING' }],
      ['users (search + status)', c.getUserList.path, { search: 'garcia', status: 'ACTIVE' }],
      ['audit log (first page)', c.getAuditLogList.path, {}],
      // Not lists, but read the same way at the same scale: the dashboards (≤ 100 ms asked).
      [
        'organizer dashboard, busiest organization, 30 days',
        c.organizerDashboard.path,
        { organizationId, period: 'LAST_30_DAYS' },
      ],
      [
        'organizer dashboard, busiest organization, this year',
        c.organizerDashboard.path,
        { organizationId, period: 'THIS_YEAR' },
      ],
      ['admin dashboard, 30 days', c.getAdminDashboard.path, { period: 'LAST_30_DAYS' }],
      ['admin dashboard, this year', c.getAdminDashboard.path, { period: 'THIS_YEAR' }],
    ];
    for (const [title, path, query, caller = token] of cases) {
      const paging: Record<string, string> = path.includes('dashboard') ? {} : { page: '1', limit: '20' };
      const qs = new URLSearchParams({ ...paging, ...query }).toString();
      const call = () => app.inject({ method: 'GET', url: `${path}?${qs}`, headers: clientHeaders(caller) });
      const first = await call();
      if (first.statusCode !== 200) {
        lines.push({ figure: `list: ${title}`, measured: `HTTP ${first.statusCode}`, raw: '', ratio: '' });
        console.error(title, first.body.slice(0, 300));
        continue;
      }
      const api: number[] = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        await call();
        api.push(performance.now() - t0);
      }
      recording = [];
      await call();
      const statements = recording;
      recording = undefined;
      // BENCH_EXPLAIN=1 prints the plan of every statement of the call slower than 5 ms.
      if (process.env.BENCH_EXPLAIN) await explainSlow(raw, title, statements);
      const sqlTimes: number[] = [];
      for (let i = 0; i < calls; i++) {
        const t0 = performance.now();
        for (const s of statements) await raw.query(s.text, s.values);
        sqlTimes.push(performance.now() - t0);
      }
      api.sort((a, b) => a - b);
      sqlTimes.sort((a, b) => a - b);
      lines.push({
        figure: path.includes('dashboard')
          ? `${title}, p50 / p95`
          : `list: ${title}, ${query.page ? '' : 'first page '}p50 / p95`,
        measured: `${pct(api, 50).toFixed(1)} / ${pct(api, 95).toFixed(1)} ms`,
        raw: `${pct(sqlTimes, 50).toFixed(1)} / ${pct(sqlTimes, 95).toFixed(1)} ms (${statements.length} statements)`,
        ratio: `${(pct(api, 95) / Math.max(pct(sqlTimes, 95), 0.01)).toFixed(2)}×`,
      });
    }
  } finally {
    await raw.end();
    await app.close();
    await database.close();
  }
  return lines;
}

async function explainSlow(raw: pg.Client, title: string, statements: Recorded[]) {
  for (const s of statements) {
    // A list's estimated total is itself an EXPLAIN (lib/list-total.ts): nothing to explain again.
    if (/^\s*explain\b/i.test(s.text)) continue;
    const t0 = performance.now();
    await raw.query(s.text, s.values);
    const ms = performance.now() - t0;
    if (ms < 5) continue;
    const plan = await raw.query(`explain (analyze, buffers) ${s.text}`, s.values);
    console.log(`\n### ${title}: ${ms.toFixed(1)} ms\n${s.text}\n${JSON.stringify(s.values)}`);
    for (const row of plan.rows) console.log(Object.values(row)[0]);
  }
}
