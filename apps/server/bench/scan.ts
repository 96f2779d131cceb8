import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import { tickets, users } from '../src/db/schema/index.js';
import { scanEngine } from '../src/modules/check-in/index.js';
import { insertManyBookings } from '../test/booking-fixtures.js';
import { clientHeaders } from '../test/client-headers.js';
import { insertEvent, insertOrganization } from '../test/event-fixtures.js';
import type { BenchLine } from './lists.js';

/**
 * Door throughput (docs/check-in.md, "Bench"): admitted scans per second over many distinct tickets,
 * (1) through the scan engine (one `checkin_scan` call each: the decision, the admission row, the
 * ticket's mirror and the history line), (2) through HTTP (`scan-ticket`: session, access, engine), printed
 * next to the raw single-row `UPDATE tickets SET scanned_at = now() WHERE id = $1 AND scanned_at IS NULL`
 * rate over distinct tickets on the same database, with as many concurrent workers.
 */
export async function benchScan(options: {
  address: string;
  app: App;
  db: Db;
  token: string;
  seconds: number;
  workers: number;
}): Promise<BenchLine[]> {
  const { address, app, db, token, seconds, workers } = options;
  const [owner] = await db
    .insert(users)
    .values({
      email: `scan-bench-${Date.now()}@example.test`,
      username: `scanbench${Date.now()}`,
      firstName: 'Scan',
      lastName: 'Bench',
      passwordHash: 'x',
      organizerRequest: 'APPROVED',
    })
    .returning();
  if (!owner) throw new Error('bench owner');
  const organization = await insertOrganization(db, owner.id);
  // Enough tickets for several thousand scans a second for the whole run.
  const perRun = Number(process.env.BENCH_SCAN_TICKETS ?? Math.max(40_000, seconds * 6_000));

  async function ticketsOfNewEvent() {
    const made = await insertEvent(db, { organizationId: organization.id, ticketTypes: 1 });
    await insertManyBookings(db, made, perRun);
    const rows = await db
      .select({ id: tickets.id, code: tickets.code })
      .from(tickets)
      .where(eq(tickets.eventId, made.event.id));
    const date = made.occurrences[0]?.id;
    if (!date) throw new Error('bench date');
    return { eventId: made.event.id, date, rows };
  }

  /** Runs `work` on distinct tickets with `workers` loops for `seconds`; answers how many it admitted. */
  async function drive(
    rows: { id: string; code: string }[],
    work: (row: { id: string; code: string }) => Promise<boolean>,
  ) {
    let next = 0;
    let admitted = 0;
    let refused = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (Date.now() < until) {
          const row = rows[next++];
          if (!row) return;
          if (await work(row)) admitted += 1;
          else refused += 1;
        }
      }),
    );
    if (next >= rows.length) console.log('  (ran out of tickets: raise BENCH_SCAN_TICKETS)');
    return { perSecond: admitted / seconds, refused };
  }

  const raw = await ticketsOfNewEvent();
  const rawRate = await drive(raw.rows, async (row) => {
    const result = await db.execute(
      sql`update tickets set scanned_at = now() where id = ${row.id} and scanned_at is null`,
    );
    return result.rowCount === 1;
  });

  const engine = await ticketsOfNewEvent();
  const engineRate = await drive(engine.rows, async (row) => {
    const outcome = await scanEngine(app.ports).scan(
      {
        eventId: engine.eventId,
        occurrenceId: engine.date,
        code: row.code,
        actorId: owner.id,
        deviceId: 'Bench',
        nonce: randomUUID(),
        source: 'ONLINE',
        scannedAt: new Date(),
        localResult: null,
      },
      'UTC',
    );
    return outcome.result === 'ADMITTED';
  });

  const overHttp = await ticketsOfNewEvent();
  // autocannon (lighter than fetch in this same process) sends each request with the next ticket's code.
  let next = 0;
  await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${address}${c.scanTicket.path}`,
        duration: seconds,
        connections: workers,
        requests: [
          {
            method: 'POST',
            headers: { ...clientHeaders(token), 'content-type': 'application/json' },
            setupRequest: (request) => {
              const row = overHttp.rows[next++];
              return {
                ...request,
                body: JSON.stringify({
                  eventId: overHttp.eventId,
                  occurrenceId: overHttp.date,
                  code: row?.code ?? 'ran-out',
                  deviceId: 'Bench',
                  nonce: randomUUID(),
                }),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  // Scans still in flight when autocannon stops are answered after its count: let them land, then
  // compare the admissions with the requests sent (not with the responses counted in time).
  await new Promise((r) => setTimeout(r, 1000));
  const [{ admitted }] = (
    await db.execute<{ admitted: number }>(
      sql`select count(*)::int as admitted from ticket_admissions where event_id = ${overHttp.eventId}`,
    )
  ).rows as [{ admitted: number }];
  const httpRate = { perSecond: admitted / seconds, refused: Math.max(0, next - admitted) };

  const ratio = (rate: number) => (rate / rawRate.perSecond).toFixed(3);
  console.log(`Raw single-row UPDATE tickets.scanned_at:  ${rawRate.perSecond.toFixed(0)} updates/s`);
  console.log(
    `Scan engine (checkin_scan), distinct tickets: ${engineRate.perSecond.toFixed(0)} admitted/s (${engineRate.refused} refused), ratio to raw ${ratio(engineRate.perSecond)}`,
  );
  console.log(
    `HTTP scan-ticket, distinct tickets:         ${httpRate.perSecond.toFixed(0)} admitted/s (${httpRate.refused} refused), ratio to raw ${ratio(httpRate.perSecond)}`,
  );
  const rawText = `${rawRate.perSecond.toFixed(0)} row updates/s`;
  return [
    {
      figure: 'scan engine (admitted/s)',
      measured: engineRate.perSecond.toFixed(0),
      raw: rawText,
      ratio: ratio(engineRate.perSecond),
    },
    {
      figure: 'HTTP scan-ticket (admitted/s)',
      measured: httpRate.perSecond.toFixed(0),
      raw: rawText,
      ratio: ratio(httpRate.perSecond),
    },
  ];
}
