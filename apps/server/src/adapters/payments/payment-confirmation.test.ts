import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import { createTestApp, freshDatabase, type TestApp } from '../../../test/helpers.js';
import {
  confirmationState,
  keptLog,
  paymentsTestApp,
  sandboxSecretOf,
  signedEvent,
} from '../../../test/paid-order-fixtures.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { connectDatabase } from '../../db/client.js';
import { installationSecret } from '../../db/installation-secrets.repo.js';
import { payments } from '../../db/schema/index.js';

/** The development secret the repository used to carry (config.ts): it must sign nothing anywhere. */
const OLD_REPOSITORY_SECRET = 'whsec_sandbox_marquee_development';

describe('nobody confirms a sandbox payment with a value from the source code, nor for another amount', () => {
  let t: TestApp;
  let deliver: Awaited<ReturnType<typeof paymentsTestApp>>['deliver'];
  const log = keptLog();

  beforeAll(async () => {
    // The default configuration: no SANDBOX_WEBHOOK_SECRET, as after a plain `npm start`.
    ({ t, deliver } = await paymentsTestApp({ logger: log.logger }));
  });
  afterAll(() => t.close());

  /** A HELD order of two 17.50 tickets (35.00 and the fee), its sandbox payment started. */
  async function heldOrder() {
    const made = await sellableEvent(t, { types: [{ price: 1750 }] });
    const held = await book(t, {
      eventId: made.event.id,
      lines: [{ ticketTypeId: made.ticketTypes[0]?.id as string, quantity: 2 }],
      buyer: guest,
    });
    expect(held.status).toBe(200);
    const bookingId = held.body.result._id;
    const [payment] = await t.db.select().from(payments).where(eqBooking(bookingId));
    if (!payment?.providerRef) throw new Error('no payment started');
    return { bookingId, code: held.body.result.code, payment, providerRef: payment.providerRef };
  }

  it('refuses (400) a payment.succeeded signed with the old development secret; the order stays unpaid', async () => {
    const order = await heldOrder();
    const forged = await signedEvent(t, order.providerRef, 'payment.succeeded', {
      amount: 1,
      secret: OLD_REPOSITORY_SECRET,
    });
    const answer = await deliver(forged);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: expect.stringMatching(/^The webhook signature is not valid/),
    });
    expect(await confirmationState(t, order.bookingId)).toEqual({
      booking: 'HELD',
      payment: 'PENDING',
      tickets: 0,
      refusals: [],
    });
    // The installation's own secret is no value from the repository, and nothing logged it.
    const secret = await sandboxSecretOf(t);
    expect(secret).not.toBe(OLD_REPOSITORY_SECRET);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(JSON.stringify(log.lines)).not.toContain(secret);
  });

  it('does not confirm a correctly signed success for another amount, and records the refusal', async () => {
    const order = await heldOrder();
    const answer = await deliver(await signedEvent(t, order.providerRef, 'payment.succeeded', { amount: 1 }));
    // Accepted as received (a retry would say the same), refused by the settlement.
    expect(answer.status).toBe(200);
    const state = await confirmationState(t, order.bookingId);
    expect(state).toMatchObject({ booking: 'HELD', payment: 'PENDING', tickets: 0 });
    expect(state.refusals).toEqual([
      {
        provider: 'sandbox',
        providerRef: order.providerRef,
        reportedAmount: 1,
        reportedCurrency: order.payment.currency,
        reason: `charged 1 instead of ${order.payment.amount} (minor units of ${order.payment.currency})`,
      },
    ]);
    const warning = log.lines.find((line) => line.orderCode === order.code);
    expect(warning).toMatchObject({ level: 40, bookingId: order.bookingId });
    expect(warning?.msg).toContain(`payment confirmation refused for order ${order.code}`);

    // The order is still pending: the real confirmation, for the right amount, confirms it.
    expect((await deliver(await signedEvent(t, order.providerRef, 'payment.succeeded'))).status).toBe(200);
    expect(await confirmationState(t, order.bookingId)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'SUCCEEDED',
      tickets: 2,
    });
  });

  it('does not confirm a correctly signed success in another currency, nor one that names no amount', async () => {
    const order = await heldOrder();
    const other = order.payment.currency === 'JPY' ? 'EUR' : 'JPY';
    const inOther = await signedEvent(t, order.providerRef, 'payment.succeeded', { currency: other });
    expect((await deliver(inOther)).status).toBe(200);
    const unsaid = await signedEvent(t, order.providerRef, 'payment.succeeded', {
      amount: null,
      currency: null,
    });
    expect((await deliver(unsaid)).status).toBe(200);
    const state = await confirmationState(t, order.bookingId);
    expect(state).toMatchObject({ booking: 'HELD', payment: 'PENDING', tickets: 0 });
    expect(state.refusals.map((r) => r.reason)).toEqual([
      `charged in ${other} instead of ${order.payment.currency}`,
      'the confirmation does not say which amount and currency were charged',
    ]);
    expect(log.lines.filter((line) => line.orderCode === order.code)).toHaveLength(2);
  });
});

describe('the installation webhook secret', () => {
  it('is one value however many processes make it at once (insert on conflict, then read)', async () => {
    const database = await freshDatabase();
    const first = connectDatabase(database.url, 1);
    const second = connectDatabase(database.url, 1);
    try {
      const secondPid = (await second.pool.query('select pg_backend_pid() as pid')).rows[0]?.pid;
      // The first start's insert is made and not yet committed when the second start offers its own.
      const racing = await first.db.transaction(async (tx) => {
        const mine = await installationSecret(tx, 'race-test');
        const theirs = installationSecret(second.db, 'race-test');
        await waitUntilWaitingOnLock(database, secondPid);
        return { mine, theirs };
      });
      const theirs = await racing.theirs;
      expect(theirs).toBe(racing.mine);
      expect(await installationSecret(first.db, 'race-test')).toBe(theirs);
      const all = await Promise.all(
        Array.from({ length: 6 }, (_, i) => installationSecret(i % 2 ? first.db : second.db, 'another')),
      );
      expect(new Set(all).size).toBe(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    }
  });

  it('is shared by two API processes on one database: one signs, the other verifies', async () => {
    const { t, deliveries } = await paymentsTestApp();
    const other = connectDatabase(t.url, 2);
    const secondApp = await buildApp({ config: testConfig(), db: other.db, jobs: false });
    try {
      await secondApp.ready();
      const made = await sellableEvent(t, { types: [{ price: 1750 }] });
      const held = await book(t, {
        eventId: made.event.id,
        lines: [{ ticketTypeId: made.ticketTypes[0]?.id as string, quantity: 1 }],
        buyer: guest,
      });
      const [payment] = await t.db.select().from(payments).where(eqBooking(held.body.result._id));
      const event = await signedEvent(t, payment?.providerRef as string, 'payment.succeeded');
      const answer = await secondApp.inject({
        method: 'POST',
        url: new URL(event.url).pathname,
        headers: event.headers,
        payload: event.body,
      });
      expect(answer.statusCode).toBe(200);
      expect(deliveries).toHaveLength(0);
      expect(await confirmationState(t, held.body.result._id)).toMatchObject({ booking: 'CONFIRMED' });
    } finally {
      await secondApp.close();
      await other.close();
      await t.close();
    }
  });

  it('is the configured one when SANDBOX_WEBHOOK_SECRET is set', async () => {
    const defaults = testConfig();
    const configured = 'an operator chosen secret of some length';
    const t = await createTestApp({
      config: {
        payments: {
          ...defaults.payments,
          sandbox: { ...defaults.payments.sandbox, webhookSecret: configured },
        },
      },
    });
    try {
      const made = await sellableEvent(t, { types: [{ price: 1750 }] });
      const held = await book(t, {
        eventId: made.event.id,
        lines: [{ ticketTypeId: made.ticketTypes[0]?.id as string, quantity: 1 }],
        buyer: guest,
      });
      const [payment] = await t.db.select().from(payments).where(eqBooking(held.body.result._id));
      const ref = payment?.providerRef as string;
      const post = async (secret?: string) => {
        const event = await signedEvent(t, ref, 'payment.succeeded', { secret });
        return t.app.inject({ method: 'POST', url: '/api/v1/payment/webhook/sandbox', ...asInject(event) });
      };
      // The installation's own secret is not the one in use.
      expect((await post()).statusCode).toBe(400);
      expect((await post(configured)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

const asInject = (event: { headers: Record<string, string>; body: string }) => ({
  headers: event.headers,
  payload: event.body,
});

const eqBooking = (bookingId: string) => eq(payments.bookingId, bookingId);

async function waitUntilWaitingOnLock(database: { url: string }, pid: number) {
  const probe = new pg.Client({ connectionString: database.url });
  await probe.connect();
  try {
    for (let i = 0; i < 500; i += 1) {
      const { rows } = await probe.query('select wait_event_type from pg_stat_activity where pid = $1', [
        pid,
      ]);
      if (rows[0]?.wait_event_type === 'Lock') return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the second start never waited on the first one');
  } finally {
    await probe.end();
  }
}
