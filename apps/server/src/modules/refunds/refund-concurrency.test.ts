import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { clientHeaders, createTestApp, loginAs, type TestApp } from '../../../test/helpers.js';
import { bookingState, paidBooking, unbalancedGroups } from '../../../test/paid-order-fixtures.js';
import { refunds } from '../../db/schema/index.js';
import { refundEngine } from './index.js';

/**
 * The refund invariant through real parallel HTTP (docs/refunds.md): 100 organizer calls for one
 * booking, half retrying one idempotency key, half with keys of their own for single tickets and
 * partial amounts. Whatever wins, the booking never gets back more than was paid.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ database: { max: 16, connectionTimeoutMs: 30_000 } });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

describe('100 concurrent refund calls for one booking', () => {
  it('refund at most what was paid, answer one refund per key, and keep every posting balanced', async () => {
    const w = await paidBooking(t, { quantity: 5, price: 2000, refundServiceFee: true });
    const token = await loginAs(t, w.owner.email, w.owner.password);
    const headers = (key: string) => ({ ...clientHeaders(token), 'idempotency-key': key });
    const tally = await inParallel(
      base,
      100,
      (i) =>
        i % 2 === 0
          ? {
              method: 'POST',
              path: c.confirmEventOrderRefund.path,
              headers: headers('whole-order'),
              body: { bookingId: w.bookingId, ticketIds: w.ticketIds },
            }
          : {
              method: 'POST',
              path: c.confirmEventOrderRefund.path,
              headers: headers(`one-${i}`),
              body: {
                bookingId: w.bookingId,
                ticketIds: [w.ticketIds[i % w.ticketIds.length] ?? w.ticket.id],
                // Some ask for a partial amount of their ticket.
                ...(i % 3 === 0 ? { amount: 700 } : {}),
              },
            },
      60_000,
    );
    // Winners 200; losers 409 (nothing left, or the same key still being processed), or 503 "retry
    // later" when lock waits run out under the burst; never a 500.
    expect(Object.keys(tally.byStatus).sort()).toEqual(expect.arrayContaining(['200']));
    expect(Object.keys(tally.byStatus).every((s) => ['200', '409', '503'].includes(s))).toBe(true);

    await refundEngine(t.app.ports).resumePending(0);
    const rows = await t.db.select().from(refunds).where(eq(refunds.bookingId, w.bookingId));
    const refunded = rows.reduce((sum, r) => sum + r.amount, 0);
    expect(refunded).toBeLessThanOrEqual(w.booking.total);
    expect(rows.every((r) => r.status === 'PROCESSED')).toBe(true);
    const after = await bookingState(t, w.bookingId);
    expect(after.booking.refunded).toBe(refunded);
    for (const ticket of after.tickets)
      expect(ticket.refunded).toBeLessThanOrEqual(ticket.price + ticket.fee);
    // Every answer for the shared key names the same refund.
    const shared = new Set(
      tally.answers
        .filter((a, i) => i % 2 === 0 && a.status === 200)
        .map((a) => (a.body.result as { refund: { _id: string } }).refund._id),
    );
    expect(shared.size).toBeLessThanOrEqual(1);
    expect(await unbalancedGroups(t)).toEqual([]);
  });
});
