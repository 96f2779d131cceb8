import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createStripePayments, stripeAccountStatus } from './stripe.js';

interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
  stripeVersion: string | undefined;
  contentType: string | undefined;
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
