import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import {
  auditLog,
  bookingLines,
  bookings,
  eventTicketTypes,
  payments,
  promoCodes,
  tickets,
} from '../../db/schema/index.js';
import { releaseExpiredHolds, settlement } from '../booking/index.js';

const clock = manualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { booking: { holdMinutes: 10, sweepSeconds: 0 } } });
});
afterAll(async () => {
  await t?.close();
});

/** A sellable event (2500 and 4000 paid types, a hidden 1000 one) and its owner's session. */
async function shop() {
  const made = await sellableEvent(t, {
    types: [{ price: 2500 }, { price: 4000 }, { price: 1000 }],
  });
  const hidden = made.ticketTypes[2]?.id as string;
  await t.db.update(eventTicketTypes).set({ hidden: true }).where(eq(eventTicketTypes.id, hidden));
  const token = await loginAs(t, made.owner.email, made.owner.password);
  const [general, vip] = made.ticketTypes.map((type) => type.id) as [string, string];
  return { ...made, token, general, vip, hidden, eventId: made.event.id };
}

type Shop = Awaited<ReturnType<typeof shop>>;

const create = (s: Shop, body: Omit<c.PromoCodeInput, 'eventId'>) =>
  call(t, c.createPromoCode, { body: { eventId: s.eventId, ...body }, token: s.token });

const useCount = async (id: string) =>
  (await t.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id)))[0]?.uses;

const settle = async (bookingId: string) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return settlement(t.app.ports).settle({
    provider: 'sandbox',
    providerRef: row?.providerRef as string,
    outcome: 'SUCCEEDED',
    amount: row?.amount ?? null,
    currency: row?.currency ?? null,
  });
};

describe('organizers manage an event’s promo codes', () => {
  it('creates, lists, updates, pauses and deletes a code, each audited', async () => {
    const s = await shop();
    const made = await create(s, { code: 'spring20', kind: 'PERCENT', amount: 20, maxUses: 50 });
    expect(made.status).toBe(200);
    expect(made.body.result).toMatchObject({
      code: 'SPRING20',
      kind: 'PERCENT',
      amount: 20,
      uses: 0,
      maxUses: 50,
    });
    const id = made.body.result._id;

    const twice = await create(s, { code: 'Spring20', kind: 'FIXED', amount: 100 });
    expect(twice.status).toBe(409);
    expect(twice.error?.errors?.[0]).toEqual({ field: 'code', message: c.PROMO_CODE_MESSAGES.duplicate });

    const bad = await create(s, { code: 'x', kind: 'PERCENT', amount: 120, ticketTypeIds: [randomUUID()] });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((e) => e.field).sort()).toEqual(['amount', 'code']);
    const foreign = await create(s, { code: 'FOREIGN', kind: 'REVEAL', ticketTypeIds: [randomUUID()] });
    expect(foreign.status).toBe(400);
    expect(foreign.error?.errors?.[0]?.field).toBe('ticketTypeIds.0');

    const updated = await call(t, c.updatePromoCode, {
      body: {
        eventId: s.eventId,
        promoCodeId: id,
        code: 'SPRING25',
        kind: 'PERCENT',
        amount: 25,
        ticketTypeIds: [s.general],
      },
      token: s.token,
    });
    expect(updated.body.result).toMatchObject({
      code: 'SPRING25',
      amount: 25,
      ticketTypeIds: [s.general],
      maxUses: null,
    });

    const paused = await call(t, c.updatePromoCodeStatus, {
      body: { eventId: s.eventId, promoCodeId: id, status: 'PAUSED' },
      token: s.token,
    });
    expect(paused.body.result.status).toBe('PAUSED');
    const check = await call(t, c.checkPromoCode, { query: { eventId: s.eventId, code: 'spring25' } });
    expect(check.status).toBe(400);
    expect(check.error?.errors?.[0]).toEqual({ field: 'code', message: c.PROMO_CODE_MESSAGES.paused });

    const list = await call(t, c.promoCodeList, { query: { eventId: s.eventId }, token: s.token });
    expect(list.body.result.items.map((item) => item.code)).toEqual(['SPRING25']);

    expect(
      (await call(t, c.deletePromoCode, { body: { eventId: s.eventId, promoCodeId: id }, token: s.token }))
        .status,
    ).toBe(200);
    const after = await call(t, c.promoCodeList, { query: { eventId: s.eventId }, token: s.token });
    expect(after.body.result.total).toBe(0);

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'PROMO_CODE_CREATED',
      'PROMO_CODE_DELETED',
      'PROMO_CODE_PAUSED',
      'PROMO_CODE_UPDATED',
    ]);
  });

  it('answers 404 to anyone who does not run the event, and for a code of another event', async () => {
    const s = await shop();
    const other = await shop();
    const made = await create(s, { code: 'MINE', kind: 'FIXED', amount: 500 });
    const stranger = await createUser(t, { organizerRequest: 'APPROVED' });
    const strangerToken = await loginAs(t, stranger.email, stranger.password);
    const list = await call(t, c.promoCodeList, { query: { eventId: s.eventId }, token: strangerToken });
    expect(list.status).toBe(404);
    const steal = await call(t, c.updatePromoCodeStatus, {
      body: { eventId: other.eventId, promoCodeId: made.body.result._id, status: 'PAUSED' },
      token: other.token,
    });
    expect(steal.status).toBe(404);
  });

  it('bulk-creates single-use codes and exports them as CSV', async () => {
    const s = await shop();
    const bulk = await call(t, c.bulkCreatePromoCodes, {
      body: { eventId: s.eventId, prefix: 'sponsor-', count: 25, kind: 'PERCENT', amount: 100 },
      token: s.token,
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.result.count).toBe(25);
    expect(new Set(bulk.body.result.codes).size).toBe(25);
    expect(bulk.body.result.codes.every((code) => /^SPONSOR-[A-Z2-9]{8}$/.test(code))).toBe(true);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${c.exportPromoCodes.path}?eventId=${s.eventId}&batchId=${bulk.body.result.batchId}`,
      headers: clientHeaders(s.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(rows[0]).toContain('Code,Kind,Amount,Uses,Limit');
    expect(rows).toHaveLength(26);
    expect(rows[1]).toMatch(/^SPONSOR-[A-Z2-9]{8},PERCENT,100,0,1,/);
  });
});

describe('buyers apply a code', () => {
  it('takes the discount off each ticket; fee, total, lines and the order carry it', async () => {
    const s = await shop();
    const code = await create(s, { code: 'TWENTY', kind: 'PERCENT', amount: 20, ticketTypeIds: [s.general] });
    const checked = await call(t, c.checkPromoCode, { query: { eventId: s.eventId, code: 'twenty' } });
    expect(checked.body.result).toMatchObject({
      code: 'TWENTY',
      description: '20% off',
      revealedTicketTypes: [],
    });

    const lines = [
      { ticketTypeId: s.general, quantity: 2 },
      { ticketTypeId: s.vip, quantity: 1 },
    ];
    const plain = await book(t, { eventId: s.eventId, lines, buyer: guest });
    const paid = await book(t, { eventId: s.eventId, lines, buyer: guest, promoCode: 'twenty' });
    expect(paid.status).toBe(200);
    const order = paid.body.result;
    expect(order).toMatchObject({ promoCode: 'TWENTY', discount: 1000, subtotal: 2 * 2000 + 4000 });
    expect(order.lines.find((l) => l.ticketTypeId === s.general)).toMatchObject({
      unitPrice: 2000,
      unitDiscount: 500,
    });
    expect(order.lines.find((l) => l.ticketTypeId === s.vip)).toMatchObject({
      unitPrice: 4000,
      unitDiscount: 0,
    });
    // The buyer's check quotes what checkout charges for each discounted ticket.
    const quoted = checked.body.result.discounted;
    const charged = order.lines.find((l) => l.ticketTypeId === s.general);
    expect(quoted).toEqual([
      expect.objectContaining({ ticketTypeId: s.general, unitDiscount: 500, price: 2000 }),
    ]);
    expect(quoted[0]?.buyerPays).toBe((charged?.unitPrice ?? 0) + (charged?.unitFee ?? 0));
    // The fee follows the price paid.
    expect(order.serviceFee).toBeLessThan(plain.body.result.serviceFee);
    expect(order.total).toBe(order.subtotal + order.serviceFee);
    expect(order.serviceFee).toBe(order.lines.reduce((sum, l) => sum + l.unitFee * l.quantity, 0));
    expect(await useCount(code.body.result._id)).toBe(1);

    // Paid: the ledger and the payment are of the discounted total; a refund gives back what was paid.
    expect(await settle(order._id)).toBe('CONFIRMED');
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, order._id));
    expect(payment?.amount).toBe(order.total);
    const sold = await t.db.select().from(tickets).where(eq(tickets.bookingId, order._id));
    const refund = await call(t, c.confirmEventOrderRefund, {
      body: { bookingId: order._id, ticketIds: sold.map((ticket) => ticket.id), refundServiceFee: true },
      headers: { ...clientHeaders(s.token), 'idempotency-key': randomUUID() },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.result.refund.amount).toBe(order.total);
    // Fully refunded: the use is given back.
    expect(await useCount(code.body.result._id)).toBe(0);
    const list = await call(t, c.promoCodeList, { query: { eventId: s.eventId }, token: s.token });
    expect(list.body.result.items[0]).toMatchObject({ orders: 1, discountGiven: 1000, revenue: 0 });

    // The orders export names the code and its discount (major units).
    const file = await t.app.inject({
      method: 'GET',
      url: `${c.EXPORT_PATH}?kind=orders&format=csv&eventId=${s.eventId}`,
      headers: clientHeaders(s.token),
    });
    const [header, ...rows] = file.body.replace('\uFEFF', '').trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const row = rows.find((line) => line.startsWith(order.code))?.split(',') ?? [];
    expect(row[columns.indexOf('Promo code')]).toBe('TWENTY');
    expect(Number(row[columns.indexOf('Discount')])).toBe(10);
  });

  it('refuses a code that is unknown, expired, not yet valid, for another date, or for no chosen ticket', async () => {
    const s = await shop();
    const now = clock.now().getTime();
    await create(s, {
      code: 'OLD',
      kind: 'FIXED',
      amount: 100,
      validUntil: new Date(now - 60_000).toISOString(),
    });
    await create(s, {
      code: 'SOON',
      kind: 'FIXED',
      amount: 100,
      validFrom: new Date(now + 3_600_000).toISOString(),
    });
    await create(s, { code: 'VIPONLY', kind: 'FIXED', amount: 100, ticketTypeIds: [s.vip] });
    const cases: [string, string][] = [
      ['NOPE', c.PROMO_CODE_MESSAGES.unknown],
      ['OLD', c.PROMO_CODE_MESSAGES.expired],
      ['SOON', c.PROMO_CODE_MESSAGES.notYet],
    ];
    for (const [code, message] of cases) {
      const checked = await call(t, c.checkPromoCode, { query: { eventId: s.eventId, code } });
      expect(checked.error?.errors?.[0]).toEqual({ field: 'code', message });
      const booked = await book(t, {
        eventId: s.eventId,
        lines: [{ ticketTypeId: s.general, quantity: 1 }],
        buyer: guest,
        promoCode: code,
      });
      expect(booked.status).toBe(400);
      expect(booked.error?.errors?.[0]).toEqual({ field: 'promoCode', message });
    }
    const wrongType = await book(t, {
      eventId: s.eventId,
      lines: [{ ticketTypeId: s.general, quantity: 1 }],
      buyer: guest,
      promoCode: 'VIPONLY',
    });
    expect(wrongType.error?.errors?.[0]).toEqual({
      field: 'promoCode',
      message: c.PROMO_CODE_MESSAGES.notForTickets,
    });

    const dated = await sellableEvent(t, { kind: 'MULTI', occurrences: 2 });
    const datedToken = await loginAs(t, dated.owner.email, dated.owner.password);
    const [first, second] = dated.occurrences;
    await call(t, c.createPromoCode, {
      body: {
        eventId: dated.event.id,
        code: 'FIRSTNIGHT',
        kind: 'FIXED',
        amount: 100,
        occurrenceIds: [first?.id as string],
      },
      token: datedToken,
    });
    const other = await call(t, c.checkPromoCode, {
      query: { eventId: dated.event.id, occurrenceId: second?.id, code: 'FIRSTNIGHT' },
    });
    expect(other.error?.errors?.[0]?.message).toBe(c.PROMO_CODE_MESSAGES.notForDate);
  });

  it('shows hidden ticket types only with a code that reveals them', async () => {
    const s = await shop();
    const detail = await call(t, c.publicEventDetail, { query: { event: s.eventId } });
    expect(detail.body.result.ticketTypes.map((type) => type._id)).not.toContain(s.hidden);
    const without = await book(t, {
      eventId: s.eventId,
      lines: [{ ticketTypeId: s.hidden, quantity: 1 }],
      buyer: guest,
    });
    expect(without.error?.errors?.[0]).toEqual({
      field: 'lines.0.ticketTypeId',
      message: c.PROMO_CODE_MESSAGES.hiddenType,
    });

    await create(s, { code: 'PRESALE', kind: 'REVEAL', ticketTypeIds: [s.hidden] });
    const checked = await call(t, c.checkPromoCode, { query: { eventId: s.eventId, code: 'presale' } });
    expect(checked.body.result.revealedTicketTypes.map((type) => type._id)).toEqual([s.hidden]);
    const booked = await book(t, {
      eventId: s.eventId,
      lines: [{ ticketTypeId: s.hidden, quantity: 1 }],
      buyer: guest,
      promoCode: 'PRESALE',
    });
    expect(booked.status).toBe(200);
    expect(booked.body.result).toMatchObject({ subtotal: 1000, discount: 0, promoCode: 'PRESALE' });
  });
});

describe('uses', () => {
  it('holds the per-buyer limit and gives uses back when a hold is cancelled or expires', async () => {
    const s = await shop();
    const made = await create(s, {
      code: 'ONEEACH',
      kind: 'FIXED',
      amount: 300,
      maxUsesPerBuyer: 1,
      maxUses: 5,
    });
    const id = made.body.result._id;
    const order = (email: string) =>
      book(t, {
        eventId: s.eventId,
        lines: [{ ticketTypeId: s.general, quantity: 1 }],
        buyer: { name: 'Per Buyer', email },
        promoCode: 'ONEEACH',
      });
    const first = await order('ann@example.test');
    expect(first.body.result).toMatchObject({ subtotal: 2200, discount: 300 });
    const again = await order('ANN@example.test');
    expect(again.status).toBe(409);
    expect(again.error?.errors?.[0]).toEqual({
      field: 'promoCode',
      message: c.PROMO_CODE_MESSAGES.perBuyer(1),
    });
    const checked = await call(t, c.checkPromoCode, {
      query: { eventId: s.eventId, code: 'ONEEACH', email: 'ann@example.test' },
    });
    expect(checked.error?.errors?.[0]?.message).toBe(c.PROMO_CODE_MESSAGES.perBuyer(1));
    expect(await useCount(id)).toBe(1);

    // Cancelled before paying: the use comes back, so Ann may use it again.
    const cancelled = await call(t, c.cancelHeldBooking, {
      body: { bookingId: first.body.result._id, token: first.body.result.accessToken },
    });
    expect(cancelled.body.result.status).toBe('CANCELLED');
    expect(await useCount(id)).toBe(0);

    const second = await order('ann@example.test');
    const third = await order('bo@example.test');
    expect([second.status, third.status]).toEqual([200, 200]);
    expect(await useCount(id)).toBe(2);
    // The holds run out: both uses come back once, however often the sweep runs.
    const later = new Date(clock.now().getTime() + 11 * 60_000);
    await releaseExpiredHolds(t.db, later);
    await releaseExpiredHolds(t.db, later);
    expect(await useCount(id)).toBe(0);
    const held = await t.db
      .select({ held: bookings.promoUseHeld })
      .from(bookings)
      .where(and(eq(bookings.promoCodeId, id), eq(bookings.promoUseHeld, true)));
    expect(held).toEqual([]);
  });

  it('stops at the total limit and keeps the line prices of what was paid', async () => {
    const s = await shop();
    const made = await create(s, { code: 'TWOONLY', kind: 'PERCENT', amount: 100, maxUses: 2 });
    const order = (i: number) =>
      book(t, {
        eventId: s.eventId,
        lines: [{ ticketTypeId: s.general, quantity: 1 }],
        buyer: { name: 'Free Rider', email: `rider${i}@example.test` },
        promoCode: 'TWOONLY',
      });
    const answers = [await order(1), await order(2), await order(3)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 409]);
    // 100% off: nothing to pay, confirmed at once.
    expect(answers[0]?.body.result).toMatchObject({ status: 'CONFIRMED', total: 0, discount: 2500 });
    expect(answers[2]?.error?.errors?.[0]).toEqual({
      field: 'promoCode',
      message: c.PROMO_CODE_MESSAGES.usedUp,
    });
    const [line] = await t.db
      .select()
      .from(bookingLines)
      .where(eq(bookingLines.bookingId, answers[0]?.body.result._id as string));
    expect(line).toMatchObject({ unitPrice: 0, unitDiscount: 2500 });
    expect(await useCount(made.body.result._id)).toBe(2);
    const checked = await call(t, c.checkPromoCode, { query: { eventId: s.eventId, code: 'TWOONLY' } });
    expect(checked.error?.errors?.[0]?.message).toBe(c.PROMO_CODE_MESSAGES.usedUp);
  });
});

describe('uses of paid orders', () => {
  it('a payment after the hold ended takes the use again only when one is left; a partial refund keeps it', async () => {
    const s = await shop();
    const made = await create(s, { code: 'LASTONE', kind: 'PERCENT', amount: 10, maxUses: 1 });
    const id = made.body.result._id;
    const order = (email: string, quantity = 1) =>
      book(t, {
        eventId: s.eventId,
        lines: [{ ticketTypeId: s.general, quantity }],
        buyer: { name: 'Late Payer', email },
        promoCode: 'LASTONE',
      });
    const late = await order('late@example.test');
    expect(await useCount(id)).toBe(1);
    await releaseExpiredHolds(t.db, new Date(clock.now().getTime() + 11 * 60_000));
    expect(await useCount(id)).toBe(0);
    const onTime = await order('ontime@example.test', 2);
    expect(onTime.status).toBe(200);
    // The late payment finds the code's only use taken: the order is not confirmed with it.
    expect(await settle(late.body.result._id)).toBe('PAID_AFTER_EXPIRY');
    expect(await useCount(id)).toBe(1);
    expect(await settle(onTime.body.result._id)).toBe('CONFIRMED');

    // One of two tickets refunded: the order still holds the use; both: it comes back.
    const sold = await t.db.select().from(tickets).where(eq(tickets.bookingId, onTime.body.result._id));
    const refund = async (ticketIds: string[]) =>
      call(t, c.confirmEventOrderRefund, {
        body: { bookingId: onTime.body.result._id, ticketIds, refundServiceFee: true },
        headers: { ...clientHeaders(s.token), 'idempotency-key': randomUUID() },
      });
    const first = await refund([sold[0]?.id as string]);
    // What was paid for that ticket: its discounted price and the fee on it.
    const paid = onTime.body.result.lines[0];
    expect(paid?.unitPrice).toBe(2250);
    expect(first.body.result.refund.amount).toBe((paid?.unitPrice ?? 0) + (paid?.unitFee ?? 0));
    expect(await useCount(id)).toBe(1);
    await refund([sold[1]?.id as string]);
    expect(await useCount(id)).toBe(0);
  });
});
