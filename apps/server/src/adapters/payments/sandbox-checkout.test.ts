import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpCall, listenOnLoopback } from '../../../test/concurrency.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { sandboxSecretOf } from '../../../test/paid-order-fixtures.js';
import { testConfig } from '../../config.js';
import { paymentEvents, sandboxPayments } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { systemClock } from '../../lib/clock.js';
import type { PaymentOutcome } from './payments.js';
import { createSandboxPayments, type SandboxPayments } from './sandbox.js';
import {
  DECLINED_REASON,
  DELAYED_FAILURE_REASON,
  httpWebhookSender,
  type WebhookDelivery,
} from './sandbox-checkout.js';
import { SANDBOX_SIGNATURE_HEADER, signWebhook } from './webhook-signature.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const WEBHOOK = '/api/v1/payment/webhook/sandbox';

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

function nonceOf(html: string): string {
  const match = /name="nonce" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no nonce in the page');
  return match[1];
}

async function until(check: () => boolean, timeoutMs = 8_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('sandbox buyer payments: card page, signed webhooks, settlement', () => {
  let t: TestApp;
  let base: string;
  let sandbox: SandboxPayments;
  /** Every webhook the sandbox sent (delivered for real over HTTP); tests replay them. */
  const deliveries: WebhookDelivery[] = [];
  /** What the server answered to each delivery. */
  const answered: number[] = [];
  const outcomes: PaymentOutcome[] = [];
  /** Set by a test: the settlement throws this many times before it works. */
  let settleFailures = 0;

  beforeAll(async () => {
    const defaults = testConfig();
    t = await createTestApp({
      config: {
        payments: { ...defaults.payments, sandbox: { ...defaults.payments.sandbox, delayedFailureMs: 300 } },
      },
      deps: {
        sandboxWebhookSender: async (delivery) => {
          deliveries.push(delivery);
          const answer = await httpWebhookSender(delivery);
          answered.push(answer.status);
          return answer;
        },
        settle: async (outcome) => {
          if (settleFailures > 0) {
            settleFailures -= 1;
            // The booking side's own unit of work joins the webhook's: its writes roll back with it.
            await createUnitOfWork({ db: t.db, clock: systemClock })(({ tx }) =>
              tx
                .insert(paymentEvents)
                .values({ provider: 'probe', eventId: outcome.providerRef, type: 'probe' }),
            );
            throw new Error('the booking side failed');
          }
          outcomes.push(outcome);
        },
      },
    });
    // The sandbox calls the server back where it listens: a real loopback port.
    base = await listenOnLoopback(t);
    sandbox = createSandboxPayments({ db: t.db, clock: systemClock, publicUrl: t.config.publicUrl });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    deliveries.length = 0;
    answered.length = 0;
    outcomes.length = 0;
    settleFailures = 0;
  });

  async function newPayment(overrides: Partial<Parameters<SandboxPayments['createPayment']>[0]> = {}) {
    const paymentId = randomUUID();
    const input = {
      paymentId,
      bookingId: randomUUID(),
      bookingCode: 'MQ7K2P',
      description: 'Jazz night · order MQ7K2P',
      amount: 1999,
      currency: 'USD',
      applicationFee: 149,
      destinationAccountId: null,
      returnUrl: `${t.config.publicUrl}/e/jazz-night?order=MQ7K2P`,
      idempotencyKey: `payment-${paymentId}`,
      ...overrides,
    };
    return { input, created: await sandbox.createPayment(input) };
  }

  async function openPage(redirectUrl: string | null) {
    if (!redirectUrl) throw new Error('no card page link');
    const page = await t.app.inject({ method: 'GET', url: local(redirectUrl) });
    expect(page.statusCode).toBe(200);
    return page;
  }

  const pay = (providerRef: string, nonce: string, card: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/checkout/${providerRef}`,
      headers: FORM,
      payload: new URLSearchParams({ nonce, card }).toString(),
    });

  const replay = (delivery: WebhookDelivery) =>
    httpCall(base, {
      method: 'POST',
      path: WEBHOOK,
      headers: delivery.headers,
      body: JSON.parse(delivery.body),
    });

  async function recordedEvents() {
    return t.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'sandbox'));
  }

  it('creates a payment with a card page link, the same one again for the same idempotency key', async () => {
    const { input, created } = await newPayment();
    expect(created.providerRef).toMatch(/^sandbox_pay_[0-9a-f]{24}$/);
    expect(created.clientSecret).toBeNull();
    expect(
      created.redirectUrl?.startsWith(
        `${t.config.publicUrl}/api/v1/payment/sandbox/checkout/${created.providerRef}?link=`,
      ),
    ).toBe(true);
    const again = await sandbox.createPayment(input);
    expect(again.providerRef).toBe(created.providerRef);
    // The newest link replaces the one before.
    expect((await t.app.inject({ method: 'GET', url: local(created.redirectUrl ?? '') })).statusCode).toBe(
      404,
    );
    await openPage(again.redirectUrl);

    await expect(sandbox.createPayment({ ...input, amount: 5000 })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(
      sandbox.createPayment({ ...input, idempotencyKey: randomUUID(), returnUrl: 'https://evil.example/' }),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'returnUrl' }] });
    await expect(
      sandbox.createPayment({ ...input, idempotencyKey: randomUUID(), currency: 'XYZ' }),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'currency' }] });
  });

  it('renders the amount in the currency’s digits, the description and the test cards, with no script', async () => {
    const { created } = await newPayment();
    const page = await openPage(created.redirectUrl);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    // The loopback names it answers on, but no IPv6 literal: CSP cannot express one (the browser logs an
    // invalid source on every page); a page opened on [::1] reaches it as 'self'.
    const port = t.app.ports.config.port;
    expect(page.headers['content-security-policy']).toContain(`http://127.0.0.1:${port}`);
    expect(page.headers['content-security-policy']).not.toContain('[::1]');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('19.99 USD');
    expect(page.body).toContain('Jazz night · order MQ7K2P');
    expect(page.body).toContain('<button type="submit">Pay 19.99 USD</button>');
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 0341'])
      expect(page.body).toContain(card);
    expect(page.body).toMatch(/<label for="card">Card number<\/label>/);

    const yen = await newPayment({ amount: 1500, currency: 'JPY', applicationFee: 0 });
    expect((await openPage(yen.created.redirectUrl)).body).toContain('1500 JPY');
    const dinar = await newPayment({ amount: 12345, currency: 'kwd', applicationFee: 0 });
    expect((await openPage(dinar.created.redirectUrl)).body).toContain('12.345 KWD');
  });

  it('pays with 4242…: a signed webhook over HTTP reaches the settlement, then back to the return URL', async () => {
    const { created } = await newPayment();
    const page = await openPage(created.redirectUrl);
    const paid = await pay(created.providerRef, nonceOf(page.body), '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.config.publicUrl}/e/jazz-night?order=MQ7K2P&payment=succeeded`);
    // Delivered before the redirect.
    expect(outcomes).toEqual([
      {
        provider: 'sandbox',
        providerRef: created.providerRef,
        outcome: 'SUCCEEDED',
        failureReason: null,
        amount: 1999,
        currency: 'USD',
      },
    ]);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery?.url).toBe(`${base}${WEBHOOK}`);
    expect(delivery?.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(delivery?.body ?? '{}');
    expect(body).toMatchObject({
      type: 'payment.succeeded',
      data: { providerRef: created.providerRef, amount: 1999, currency: 'USD' },
    });
    expect((await recordedEvents()).map((e) => e.eventId)).toContain(body.id);
    const [row] = await t.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, created.providerRef));
    expect(row).toMatchObject({ status: 'SUCCEEDED', cardLast4: '4242' });

    // The page is spent: the nonce again is refused, the link now sends the buyer back with the outcome.
    const reused = await pay(created.providerRef, nonceOf(page.body), '4242424242424242');
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('already used or has expired');
    const reopened = await t.app.inject({ method: 'GET', url: local(created.redirectUrl ?? '') });
    expect(reopened.statusCode).toBe(303);
    expect(reopened.headers.location).toContain('payment=succeeded');
    expect(outcomes).toHaveLength(1);
  });

  it('declines 4000…0002: a failed outcome with the reason, back with payment=failed', async () => {
    const { created } = await newPayment();
    const page = await openPage(created.redirectUrl);
    const paid = await pay(created.providerRef, nonceOf(page.body), '4000000000000002');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('payment=failed');
    expect(outcomes).toEqual([
      {
        provider: 'sandbox',
        providerRef: created.providerRef,
        outcome: 'FAILED',
        failureReason: DECLINED_REASON,
        amount: 1999,
        currency: 'USD',
      },
    ]);
  });

  it('fails 4000…0341 after the delay: processing first, the failed webhook later', async () => {
    const { created } = await newPayment({ returnUrl: '/e/jazz-night' });
    const page = await openPage(created.redirectUrl);
    const paid = await pay(created.providerRef, nonceOf(page.body), '4000-0000-0000-0341');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/e/jazz-night?payment=processing');
    expect(outcomes).toEqual([]);
    await until(() => outcomes.length === 1);
    expect(outcomes[0]).toEqual({
      provider: 'sandbox',
      providerRef: created.providerRef,
      outcome: 'FAILED',
      failureReason: DELAYED_FAILURE_REASON,
      amount: 1999,
      currency: 'USD',
    });
  });

  it('shows the page again for a card that is no test card, with the error on the field and a fresh nonce', async () => {
    const { created } = await newPayment();
    const page = await openPage(created.redirectUrl);
    const wrong = await pay(created.providerRef, nonceOf(page.body), '5555 5555 5555 4444');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('aria-invalid="true"');
    expect(wrong.body).toContain('Use one of the test cards');
    expect(wrong.body).toContain('value="5555 5555 5555 4444"');
    // The first nonce is spent; the new page's one pays.
    expect((await pay(created.providerRef, nonceOf(page.body), '4242424242424242')).statusCode).toBe(400);
    expect((await pay(created.providerRef, nonceOf(wrong.body), '4242424242424242')).statusCode).toBe(303);
    expect(outcomes).toHaveLength(1);
  });

  it('hands a duplicate delivery (even two at once) to the settlement once, and out-of-order events each once', async () => {
    const first = await newPayment();
    const second = await newPayment();
    const page1 = await openPage(first.created.redirectUrl);
    const page2 = await openPage(second.created.redirectUrl);
    await pay(first.created.providerRef, nonceOf(page1.body), '4242424242424242');
    await pay(second.created.providerRef, nonceOf(page2.body), '4000000000000002');
    expect(outcomes).toHaveLength(2);
    const [older, newer] = deliveries;
    if (!older || !newer) throw new Error('two deliveries expected');

    const answers = await Promise.all([replay(older), replay(older), replay(newer)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.every((a) => a.body.result === 'duplicate')).toBe(true);
    expect(outcomes).toHaveLength(2);
    expect(outcomes.map((o) => o.providerRef)).toEqual([
      first.created.providerRef,
      second.created.providerRef,
    ]);

    // Out of order: a later event delivered before an earlier one; each is handed over once, in arrival
    // order (the booking side's guarded updates decide what an outcome still changes).
    const later = {
      id: `evt_sandbox_${randomUUID().replaceAll('-', '')}`,
      type: 'payment.failed',
      data: { providerRef: first.created.providerRef, failureReason: 'late' },
    };
    const earlier = {
      ...later,
      id: `${later.id}x`,
      type: 'payment.succeeded',
      data: { ...later.data, failureReason: null },
    };
    const secret = await sandboxSecretOf(t);
    for (const event of [later, earlier, later]) {
      const body = JSON.stringify(event);
      const answer = await replay({
        url: '',
        body,
        headers: { [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()) },
      });
      expect(answer.status).toBe(200);
    }
    expect(outcomes.slice(2).map((o) => o.outcome)).toEqual(['FAILED', 'SUCCEEDED']);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_sandbox_forged',
      type: 'payment.succeeded',
      data: { providerRef: 'sandbox_pay_000000000000000000000000', failureReason: null },
    });
    const now = new Date();
    const secret = await sandboxSecretOf(t);
    const cases: Record<string, string>[] = [
      {},
      { [SANDBOX_SIGNATURE_HEADER]: signWebhook('another secret of enough length', body, now) },
      { [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, `${body} `, now) },
      {
        [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, body, new Date(now.getTime() - 10 * 60_000)),
      },
      { [SANDBOX_SIGNATURE_HEADER]: 't=1,v1=zz' },
    ];
    const before = (await recordedEvents()).length;
    for (const headers of cases) {
      const answer = await httpCall(base, { method: 'POST', path: WEBHOOK, headers, body: JSON.parse(body) });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^The webhook signature is not valid/);
    }
    expect((await recordedEvents()).length).toBe(before);
    expect(outcomes).toEqual([]);

    // Signed but not a sandbox event: 400 too.
    const junk = '{"hello":1}';
    const answer = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, junk, new Date()),
      },
      payload: junk,
    });
    expect(answer.statusCode).toBe(400);
    // Another provider's path is no endpoint here.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/payment/webhook/stripe', payload: '{}' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 500 when the settlement fails, keeps no record of the event, and the retry settles it', async () => {
    settleFailures = 1;
    const { created } = await newPayment();
    const page = await openPage(created.redirectUrl);
    const paid = await pay(created.providerRef, nonceOf(page.body), '4242424242424242');
    expect(paid.statusCode).toBe(303);
    expect(outcomes).toEqual([]);
    const [delivery] = deliveries;
    if (!delivery) throw new Error('no delivery');
    const eventId = JSON.parse(delivery.body).id as string;
    expect(answered).toEqual([500]);
    expect((await recordedEvents()).some((e) => e.eventId === eventId)).toBe(false);
    const probes = await t.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'probe'));
    expect(probes).toEqual([]);
    // The sandbox redelivers after a second, as a provider retries; now the settlement works.
    await until(() => answered.length === 2);
    expect(deliveries).toHaveLength(2);
    expect(answered).toEqual([500, 200]);
    expect(deliveries[1]?.body).toBe(delivery.body);
    expect(outcomes[0]?.providerRef).toBe(created.providerRef);
    expect((await recordedEvents()).some((e) => e.eventId === eventId)).toBe(true);
  });
});
