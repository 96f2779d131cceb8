import { confirmEventRefund, login } from '@marquee/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import {
  bookingEvents,
  bookings,
  eventRefundJobs,
  events,
  refunds,
  sandboxRefunds,
} from '../src/db/schema/index.js';
import { freePort } from './built-server.js';
import { clientHeaders } from './client-headers.js';
import { freshDatabase, type TestApp } from './helpers.js';
import { paidBooking } from './paid-order-fixtures.js';
import { buildPrivateBundle, type PrivateBundle, waitFor } from './private-bundle.js';

/**
 * The reliability promise of event cancellation refunds (issue 11): a real server process is killed
 * (SIGKILL, no shutdown) in the middle of the refund job, a new one starts on the same database, and
 * the job completes with every paid booking refunded exactly once and the ledger balanced.
 */

const BOOKINGS = 20;

let bundle: PrivateBundle;
beforeAll(async () => {
  bundle = await buildPrivateBundle('crash-test');
}, 60_000);
afterAll(() => bundle?.dispose());

describe('event cancellation refunds survive a killed server', () => {
  it('SIGKILL mid-job, start again: the job completes, each paid booking refunded exactly once, the ledger balances', async () => {
    const database = await freshDatabase();
    const { db } = database;
    try {
      // 20 bookings paid through checkout and the sandbox (the buyer paid the fee), made by an app on
      // this database, which is closed before the servers start; then the event is cancelled.
      const maker = await buildApp({ config: testConfig(), db, jobs: false });
      await maker.ready();
      const t = { app: maker, db } as unknown as TestApp;
      const first0 = await paidBooking(t, { quantity: 1 });
      const paid = [first0.booking];
      for (let i = 1; i < BOOKINGS; i += 1)
        paid.push((await paidBooking(t, { on: first0, quantity: 1 + (i % 2) })).booking);
      await maker.close();
      const owner = first0.owner;
      const made = first0;
      await db
        .update(events)
        .set({ status: 'CANCELLED', cancelledAt: new Date() })
        .where(eq(events.id, made.event.id));

      const env = {
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        // Each provider refund takes a while, so the job is surely mid-way when the server is killed.
        SANDBOX_REFUND_DELAY_MS: '800',
      };
      const port = await freePort();
      const first = bundle.start({ ...env, PORT: String(port) });
      await waitFor(
        () => first.output().includes('Marquee is up'),
        30_000,
        `the first server: ${first.output()}`,
      );
      const base = `http://127.0.0.1:${port}`;
      const signedIn = await fetch(`${base}${login.path}`, {
        method: 'POST',
        headers: { ...clientHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      });
      const { result: session } = (await signedIn.json()) as { result: { accessToken: string } };
      const confirmed = await fetch(`${base}${confirmEventRefund.path}`, {
        method: 'POST',
        headers: {
          ...clientHeaders(session.accessToken),
          'content-type': 'application/json',
          'idempotency-key': 'cancel-gala-1',
        },
        body: JSON.stringify({ eventId: made.event.id, refundServiceFee: true }),
      });
      expect(confirmed.status, await confirmed.clone().text()).toBe(200);
      expect(((await confirmed.json()) as { result: { status: string } }).result.status).toBe('QUEUED');

      const counted = async () => {
        const [row] = await db
          .select({
            processed: sql<number>`count(*) filter (where ${refunds.status} = 'PROCESSED')::int`,
            pending: sql<number>`count(*) filter (where ${refunds.status} = 'PENDING')::int`,
          })
          .from(refunds)
          .where(eq(refunds.eventId, made.event.id));
        return row ?? { processed: 0, pending: 0 };
      };
      const processed = async () => (await counted()).processed;
      // Killed with some refunds done and some reserved at the provider's door (PENDING): the hard case.
      await waitFor(
        async () => {
          const now = await counted();
          return now.processed >= 3 && now.pending >= 1;
        },
        20_000,
        'the first refunds',
      );
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const atKill = await counted();
      expect(atKill.processed).toBeLessThan(BOOKINGS);
      expect(atKill.pending).toBeGreaterThan(0);
      const [stopped] = await db
        .select()
        .from(eventRefundJobs)
        .where(eq(eventRefundJobs.eventId, made.event.id));
      expect(stopped?.status).toBe('RUNNING');

      const second = bundle.start({ ...env, PORT: String(await freePort()) });
      await waitFor(
        async () => {
          const [job] = await db
            .select({ status: eventRefundJobs.status })
            .from(eventRefundJobs)
            .where(eq(eventRefundJobs.eventId, made.event.id));
          return job?.status === 'COMPLETED';
        },
        30_000,
        `the job to complete after the restart: ${second.output().slice(-2000)}`,
      );
      // PENDING refunds the killed process left are finished (by the job, or resumePending), not repeated.
      await waitFor(async () => (await processed()) === BOOKINGS, 15_000, 'every refund processed');

      const rows = await db.select().from(refunds).where(eq(refunds.eventId, made.event.id));
      expect(rows).toHaveLength(BOOKINGS);
      for (const booking of paid) {
        const own = rows.filter((r) => r.bookingId === booking.id);
        expect(own.map((r) => r.status)).toEqual(['PROCESSED']);
        expect(own[0]?.amount).toBe(booking.total);
      }
      const after = await db.select().from(bookings).where(eq(bookings.eventId, made.event.id));
      for (const booking of after) expect(booking.refunded).toBe(booking.total);
      // Every posting group (sales, refunds) sums to zero, and each refund was posted once.
      const unbalanced = await db.execute(
        sql`select group_id, sum(amount) as total from ledger_entries group by group_id having sum(amount) <> 0`,
      );
      expect(unbalanced.rows).toEqual([]);
      const postings = await db.execute(
        sql`select count(distinct group_id)::int as n from ledger_entries where kind = 'REFUND'`,
      );
      expect(postings.rows[0]).toEqual({ n: BOOKINGS });
      // The provider (the sandbox) was asked to refund each payment once: the retry after the kill reused
      // the refund's own key and got the first answer.
      const sandbox = await db.select().from(sandboxRefunds);
      expect(sandbox).toHaveLength(BOOKINGS);
      expect(new Set(sandbox.map((r) => r.paymentId)).size).toBe(BOOKINGS);
      expect(sandbox.every((r) => r.status === 'SUCCEEDED')).toBe(true);
      // The buyers' cancellation email: once per booking (the guard row), whatever the restart.
      const emailed = await db
        .select({ bookingId: bookingEvents.bookingId })
        .from(bookingEvents)
        .where(eq(bookingEvents.kind, 'CANCELLATION_EMAILED'));
      expect(emailed.map((e) => e.bookingId).sort()).toEqual(paid.map((b) => b.id).sort());

      second.child.kill('SIGTERM');
      await second.exited;
    } finally {
      bundle.killAll();
      await database.drop();
    }
  }, 90_000);
});
