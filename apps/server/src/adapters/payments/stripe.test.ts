import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, guest, sellableEvent } from '../../../test/checkout-fixtures.js';
import { createTestApp } from '../../../test/helpers.js';
import { confirmationState, keptLog } from '../../../test/paid-order-fixtures.js';
import { payments } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentOutcome } from './payments.js';
import { createStripePayments, stripeAccountStatus } from './stripe.js';

/** The official package, for its test signature helper only. */
const stripe_ = new Stripe('sk_test_unused');

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  stripeVersion: string | undefined;
  contentType: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** A local HTTP server answering like Stripe's API; it keeps every request the official library sends. */
async function startStripeStandIn() {
  const received: Received[] = [];
  const answers: { status: number; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      received.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization,
        stripeVersion: req.headers['stripe-version'] as string | undefined,
        contentType: req.headers['content-type'],
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const answer = answers.shift() ?? { status: 500, body: { error: { message: 'no answer queued' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (status: number, body: unknown) => answers.push({ status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const KEY = 'sk_test_marquee123';

function account(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acct_1Marquee',
    object: 'account',
    type: 'express',
    country: 'US',
    email: 'org@example.test',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    metadata: { organizationId: 'org-1' },
    requirements: { currently_due: ['external_account'], past_due: [], disabled_reason: null },
    ...overrides,
  };
}

describe('Stripe Connect adapter against a local Stripe stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripe: ReturnType<typeof createStripePayments>;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripePayments({ secretKey: KEY, apiBase: standIn.url, maxNetworkRetries: 0 });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
  });

  function only(): Received {
    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    if (!request) throw new Error('no request');
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
    return request;
  }

  it('creates an Express account for the organization', async () => {
    standIn.answer(200, account());
    const result = await stripe.createAccount({
      organizationId: 'org-1',
      email: 'org@example.test',
      country: 'US',
    });
    expect(result).toEqual({ accountId: 'acct_1Marquee' });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/accounts');
    expect(request.contentType).toContain('application/x-www-form-urlencoded');
    expect(request.form.get('type')).toBe('express');
    expect(request.form.get('email')).toBe('org@example.test');
    expect(request.form.get('country')).toBe('US');
    expect(request.form.get('metadata[organizationId]')).toBe('org-1');
    expect(request.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(request.form.get('capabilities[card_payments][requested]')).toBe('true');
  });

  it('leaves out the email and country when there are none', async () => {
    standIn.answer(200, account({ email: null }));
    await stripe.createAccount({ organizationId: 'org-2', email: null });
    const request = only();
    expect(request.form.has('email')).toBe(false);
    expect(request.form.has('country')).toBe(false);
  });

  it('creates an onboarding account link with the return and refresh URLs', async () => {
    standIn.answer(200, {
      object: 'account_link',
      created: 1_790_000_000,
      expires_at: 1_790_000_300,
      url: 'https://connect.stripe.com/setup/e/acct_1Marquee/abc',
    });
    const link = await stripe.createOnboardingLink({
      accountId: 'acct_1Marquee',
      returnUrl: 'http://localhost:3000/organizations/o1?tab=payouts',
      refreshUrl: 'http://localhost:3000/organizations/o1?tab=payouts&refresh=1',
    });
    expect(link).toEqual({ url: 'https://connect.stripe.com/setup/e/acct_1Marquee/abc' });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/account_links');
    expect(Object.fromEntries(request.form)).toEqual({
      account: 'acct_1Marquee',
      type: 'account_onboarding',
      return_url: 'http://localhost:3000/organizations/o1?tab=payouts',
      refresh_url: 'http://localhost:3000/organizations/o1?tab=payouts&refresh=1',
    });
  });

  it('reads the account status from charges, payouts and requirements', async () => {
    standIn.answer(200, account());
    expect(await stripe.getAccountStatus('acct_1Marquee')).toBe('PENDING');
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/accounts/acct_1Marquee');

    standIn.answer(200, account({ charges_enabled: true, payouts_enabled: true, details_submitted: true }));
    expect(await stripe.getAccountStatus('acct_1Marquee')).toBe('ACTIVE');
    standIn.answer(
      200,
      account({
        details_submitted: true,
        requirements: {
          currently_due: [],
          past_due: ['individual.id_number'],
          disabled_reason: 'requirements.past_due',
        },
      }),
    );
    expect(await stripe.getAccountStatus('acct_1Marquee')).toBe('RESTRICTED');
  });

  it('creates a login link to the Express dashboard', async () => {
    standIn.answer(200, {
      object: 'login_link',
      created: 1_790_000_000,
      url: 'https://connect.stripe.com/express/abc',
    });
    expect(await stripe.createDashboardLink('acct_1Marquee')).toEqual({
      url: 'https://connect.stripe.com/express/abc',
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/accounts/acct_1Marquee/login_links');
  });

  it("turns Stripe's error answer into a clear 502", async () => {
    standIn.answer(400, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: "No such account: 'acct_missing'",
        param: 'account',
      },
    });
    const error = await stripe.createDashboardLink('acct_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(502);
    expect((error as AppError).message).toBe(
      "The payment provider refused the request: No such account: 'acct_missing'",
    );
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const unreachable = createStripePayments({ secretKey: KEY, apiBase: closed.url, maxNetworkRetries: 0 });
    const error = await unreachable.getAccountStatus('acct_1Marquee').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).message).toMatch(/could not be reached/);
  });
});

describe('Stripe buyer payments', () => {
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripe: ReturnType<typeof createStripePayments>;
  const WEBHOOK_SECRET = 'whsec_marquee_test_secret';

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripePayments({
      secretKey: KEY,
      apiBase: standIn.url,
      maxNetworkRetries: 0,
      webhookSecret: WEBHOOK_SECRET,
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
  });

  const input = {
    paymentId: 'pay-1',
    bookingId: 'booking-1',
    bookingCode: 'MQ7K2P',
    description: 'Jazz night · order MQ7K2P',
    amount: 2148,
    currency: 'USD',
    applicationFee: 149,
    destinationAccountId: 'acct_1Organizer' as string | null,
    returnUrl: 'http://localhost:3000/e/jazz-night',
    idempotencyKey: 'booking-1-payment-1',
  };

  it('creates a PaymentIntent as a destination charge with the service fee as application fee', async () => {
    standIn.answer(200, {
      id: 'pi_3Marquee',
      object: 'payment_intent',
      amount: 2148,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: 'pi_3Marquee_secret_abc',
    });
    const created = await stripe.createPayment(input);
    expect(created).toEqual({
      providerRef: 'pi_3Marquee',
      redirectUrl: null,
      clientSecret: 'pi_3Marquee_secret_abc',
    });
    const [request] = standIn.received;
    expect(standIn.received).toHaveLength(1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.idempotencyKey).toBe('booking-1-payment-1');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      amount: '2148',
      currency: 'usd',
      description: 'Jazz night · order MQ7K2P',
      'automatic_payment_methods[enabled]': 'true',
      application_fee_amount: '149',
      'transfer_data[destination]': 'acct_1Organizer',
      'metadata[bookingId]': 'booking-1',
      'metadata[bookingCode]': 'MQ7K2P',
      'metadata[paymentId]': 'pay-1',
    });
  });

  it('sends no application fee without a destination account', async () => {
    standIn.answer(200, { id: 'pi_3Other', object: 'payment_intent', client_secret: 'pi_3Other_secret' });
    await stripe.createPayment({ ...input, destinationAccountId: null, idempotencyKey: 'other' });
    const form = standIn.received[0]?.form;
    expect(form?.has('application_fee_amount')).toBe(false);
    expect(form?.has('transfer_data[destination]')).toBe(false);
  });

  function signed(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const header = stripe_.webhooks.generateTestHeaderString({ payload, secret });
    return { raw: Buffer.from(payload), headers: { 'stripe-signature': header } };
  }

  const intentEvent = (type: string, object: Record<string, unknown>) => ({
    id: `evt_${type.replaceAll('.', '_')}`,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: 1_790_000_000,
    data: { object: { object: 'payment_intent', ...object } },
  });

  it('verifies webhooks with the signing secret and reads the PaymentIntent outcomes', () => {
    const succeeded = signed(
      intentEvent('payment_intent.succeeded', {
        id: 'pi_3Marquee',
        status: 'succeeded',
        amount: 2148,
        amount_received: 2148,
        currency: 'usd',
      }),
    );
    expect(stripe.parseWebhook(succeeded.raw, succeeded.headers)).toEqual({
      eventId: 'evt_payment_intent_succeeded',
      type: 'payment.succeeded',
      providerRef: 'pi_3Marquee',
      failureReason: null,
      amount: 2148,
      currency: 'usd',
    });
    const failed = signed(
      intentEvent('payment_intent.payment_failed', {
        id: 'pi_3Marquee',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    );
    expect(stripe.parseWebhook(failed.raw, failed.headers)).toMatchObject({
      type: 'payment.failed',
      providerRef: 'pi_3Marquee',
      failureReason: 'Your card was declined.',
    });
    const other = signed({ ...intentEvent('charge.refunded', { id: 'ch_1' }), id: 'evt_other' });
    expect(stripe.parseWebhook(other.raw, other.headers)).toEqual({
      eventId: 'evt_other',
      type: 'ignored',
      providerRef: null,
      failureReason: null,
      amount: null,
      currency: null,
    });
  });

  it('reads a refund that Stripe settled later (pending, then succeeded or failed)', () => {
    const refundEvent = (id: string, status: string, extra: Record<string, unknown> = {}) =>
      signed({
        ...intentEvent('refund.updated', {}),
        id,
        data: {
          object: { object: 'refund', id: 're_3Marquee', status, amount: 500, currency: 'usd', ...extra },
        },
      });
    const done = refundEvent('evt_refund_done', 'succeeded');
    expect(stripe.parseWebhook(done.raw, done.headers)).toEqual({
      eventId: 'evt_refund_done',
      type: 'refund.succeeded',
      providerRef: 're_3Marquee',
      failureReason: null,
      amount: 500,
      currency: 'usd',
    });
    const failed = refundEvent('evt_refund_failed', 'failed', { failure_reason: 'expired_or_canceled_card' });
    expect(stripe.parseWebhook(failed.raw, failed.headers)).toMatchObject({
      type: 'refund.failed',
      failureReason: 'expired_or_canceled_card',
    });
    // Still pending: nothing to settle yet.
    const pending = refundEvent('evt_refund_pending', 'pending');
    expect(stripe.parseWebhook(pending.raw, pending.headers).type).toBe('ignored');
  });

  it('refuses a webhook with a wrong, missing or tampered signature with 400', () => {
    const event = intentEvent('payment_intent.succeeded', { id: 'pi_3Marquee' });
    const wrong = signed(event, 'whsec_someone_else');
    const tampered = signed(event);
    const cases: [Buffer, Record<string, string>][] = [
      [wrong.raw, wrong.headers],
      [Buffer.from(tampered.raw.toString().replace('pi_3Marquee', 'pi_3Other')), tampered.headers],
      [tampered.raw, {}],
    ];
    for (const [raw, headers] of cases) {
      const error = (() => {
        try {
          stripe.parseWebhook(raw, headers);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).message).toMatch(/^The webhook signature is not valid/);
    }
    const unconfigured = createStripePayments({ secretKey: KEY, apiBase: standIn.url });
    expect(() => unconfigured.parseWebhook(tampered.raw, tampered.headers)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('settles through the webhook route once per Stripe event, without client credentials', async () => {
    const outcomes: PaymentOutcome[] = [];
    const t = await createTestApp({
      deps: { payments: stripe, settle: async (outcome) => void outcomes.push(outcome) },
    });
    try {
      const event = signed(
        intentEvent('payment_intent.succeeded', {
          id: 'pi_3Marquee',
          amount: 2148,
          amount_received: 2148,
          currency: 'usd',
        }),
      );
      const deliver = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/webhook/stripe',
          headers: { 'content-type': 'application/json; charset=utf-8', ...event.headers },
          payload: event.raw,
        });
      const first = await deliver();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, result: 'settled' });
      expect((await deliver()).json()).toEqual({ received: true, result: 'duplicate' });
      expect(outcomes).toEqual([
        {
          provider: 'stripe',
          providerRef: 'pi_3Marquee',
          outcome: 'SUCCEEDED',
          failureReason: null,
          amount: 2148,
          currency: 'usd',
        },
      ]);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: event.raw,
      });
      expect(forged.statusCode).toBe(400);
      const sandboxPath = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook/sandbox',
        payload: '{}',
      });
      expect(sandboxPath.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('confirms an order only for its own amount and currency, whatever a signed Stripe event says', async () => {
    const log = keptLog();
    const t = await createTestApp({ deps: { payments: stripe }, logger: log.logger });
    try {
      const made = await sellableEvent(t, { types: [{ price: 1750 }] });
      standIn.answer(200, {
        id: 'pi_3Checkout',
        object: 'payment_intent',
        status: 'requires_payment_method',
        client_secret: 'pi_3Checkout_secret_abc',
      });
      const held = await book(t, {
        eventId: made.event.id,
        lines: [{ ticketTypeId: made.ticketTypes[0]?.id as string, quantity: 2 }],
        buyer: guest,
      });
      expect(held.status).toBe(200);
      const bookingId = held.body.result._id;
      const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
      if (!payment) throw new Error('no payment');
      expect(payment).toMatchObject({ provider: 'stripe', providerRef: 'pi_3Checkout' });
      const succeeded = (id: string, charged: { amount_received: number; currency: string }) => {
        const event = signed({
          ...intentEvent('payment_intent.succeeded', {
            id: 'pi_3Checkout',
            status: 'succeeded',
            amount: payment.amount,
            ...charged,
          }),
          id,
        });
        return t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/webhook/stripe',
          headers: { 'content-type': 'application/json', ...event.headers },
          payload: event.raw,
        });
      };
      const currency = payment.currency.toLowerCase();
      const other = currency === 'jpy' ? 'eur' : 'jpy';

      expect((await succeeded('evt_short', { amount_received: 1, currency })).statusCode).toBe(200);
      expect(
        (await succeeded('evt_other_currency', { amount_received: payment.amount, currency: other }))
          .statusCode,
      ).toBe(200);
      const refused = await confirmationState(t, bookingId);
      expect(refused).toMatchObject({ booking: 'HELD', payment: 'PENDING', tickets: 0 });
      expect(refused.refusals.map((r) => [r.reportedAmount, r.reportedCurrency])).toEqual([
        [1, currency],
        [payment.amount, other],
      ]);
      expect(log.lines.filter((line) => line.orderCode === held.body.result.code)).toHaveLength(2);

      // Stripe's own report of the full charge confirms it.
      expect((await succeeded('evt_full', { amount_received: payment.amount, currency })).statusCode).toBe(
        200,
      );
      expect(await confirmationState(t, bookingId)).toMatchObject({
        booking: 'CONFIRMED',
        payment: 'SUCCEEDED',
        tickets: 2,
      });
    } finally {
      await t.close();
    }
  });
});

describe('stripeAccountStatus', () => {
  it('maps the account fields', () => {
    expect(stripeAccountStatus({ details_submitted: false })).toBe('PENDING');
    expect(stripeAccountStatus({ charges_enabled: true, payouts_enabled: true })).toBe('ACTIVE');
    expect(
      stripeAccountStatus({
        details_submitted: true,
        requirements: { disabled_reason: 'requirements.pending_verification' },
      }),
    ).toBe('PENDING');
    expect(
      stripeAccountStatus({
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account'] },
      }),
    ).toBe('RESTRICTED');
    expect(
      stripeAccountStatus({ details_submitted: true, requirements: { disabled_reason: 'rejected.fraud' } }),
    ).toBe('RESTRICTED');
  });
});
