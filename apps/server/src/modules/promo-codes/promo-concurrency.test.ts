import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { bookings, promoCodes } from '../../db/schema/index.js';

/**
 * The use limit through real parallel HTTP: 300 buyers, each with their own idempotency key and email,
 * race for a code limited to 10 uses on an event with seats for all. The guarded UPDATE on the code's
 * row decides; no eleventh order gets the code (docs/promo-codes.md).
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    config: { booking: { holdMinutes: 10, sweepSeconds: 0 } },
    database: { max: 16, connectionTimeoutMs: 30_000 },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0, backlog: 1024 });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t.close();
});

describe('300 buyers for a code limited to 10 uses', () => {
  // 100% off confirms at once (the free path); 10% off holds seats for payment (the paid path).
  for (const [label, amount, status] of [
    ['free', 100, 'CONFIRMED'],
    ['paid', 10, 'HELD'],
  ] as const) {
    it(`gives the code to exactly 10 orders (${label} confirmation path)`, async () => {
      const { event, ticketTypes, organization } = await sellableEvent(t, {
        types: [{ pricing: 'PAID', seats: 500, price: 1500 }],
      });
      const [code] = await t.db
        .insert(promoCodes)
        .values({
          eventId: event.id,
          organizationId: organization.id,
          code: `RACE${label.toUpperCase()}`,
          kind: 'PERCENT',
          amount,
          maxUses: 10,
        })
        .returning();
      const typeId = ticketTypes[0]?.id as string;
      const tally = await inParallel(
        base,
        300,
        (i) => ({
          method: 'POST',
          path: c.createBooking.path,
          headers: { ...clientHeaders(), 'idempotency-key': `promo-race-${label}-${i}` },
          body: {
            eventId: event.id,
            lines: [{ ticketTypeId: typeId, quantity: 1 }],
            buyer: { ...guest, email: `racer${i}@example.test` },
            promoCode: code?.code,
          },
        }),
        60_000,
      );
      expect(tally.byStatus).toEqual({ 200: 10, 409: 290 });
      expect(tally.byMessage[`409 ${c.PROMO_CODE_MESSAGES.usedUp}`]).toBe(290);
      const [row] = await t.db
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.id, code?.id as string));
      expect(row?.uses).toBe(10);
      const orders = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
      expect(orders).toHaveLength(10);
      expect(orders.every((o) => o.status === status && o.promoUseHeld && o.promoCodeId === row?.id)).toBe(
        true,
      );
    }, 60_000);
  }

  it('gives one buyer the code once, however many of their checkouts race (uses per buyer: 1)', async () => {
    const { event, ticketTypes, organization } = await sellableEvent(t, {
      types: [{ pricing: 'PAID', seats: 500, price: 1500 }],
    });
    const [code] = await t.db
      .insert(promoCodes)
      .values({
        eventId: event.id,
        organizationId: organization.id,
        code: 'ONEEACHRACE',
        kind: 'PERCENT',
        amount: 100,
        maxUsesPerBuyer: 1,
      })
      .returning();
    const tally = await inParallel(
      base,
      50,
      (i) => ({
        method: 'POST',
        path: c.createBooking.path,
        headers: { ...clientHeaders(), 'idempotency-key': `promo-buyer-race-${i}` },
        body: {
          eventId: event.id,
          lines: [{ ticketTypeId: ticketTypes[0]?.id as string, quantity: 1 }],
          // The same person, spelled two ways.
          buyer: { ...guest, email: i % 2 ? 'same@example.test' : 'SAME@example.test' },
          promoCode: code?.code,
        },
      }),
      60_000,
    );
    expect(tally.byStatus).toEqual({ 200: 1, 409: 49 });
    const [row] = await t.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, code?.id as string));
    expect(row?.uses).toBe(1);
  }, 60_000);
});
