import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import { loadConfig, testConfig } from '../../config.js';
import { createPaymentsProvider } from './index.js';
import { createSandboxPayments, isAllowedReturnUrl, type SandboxPayments } from './sandbox.js';
import { createStripePayments } from './stripe.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function nonceOf(html: string): string {
  const match = /name="nonce" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no nonce in the page');
  return match[1];
}

/** The path and query of an absolute link, for app.inject. */
const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('sandbox payments provider through the app', () => {
  let t: TestApp;
  let sandbox: SandboxPayments;
  const clock = manualClock();

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The same provider the app built by default (same database, PUBLIC_URL and clock).
    sandbox = createSandboxPayments({ db: t.db, clock, publicUrl: t.config.publicUrl });
  });
  afterAll(() => t.close());

  let organizations = 0;
  async function newLink(returnPath = '/organizations/o1?tab=payouts') {
    // One account per organization: each link here is for an organization of its own.
    organizations += 1;
    const { accountId } = await sandbox.createAccount({
      organizationId: `org-1-${organizations}`,
      email: 'org@example.test',
    });
    const { url } = await sandbox.createOnboardingLink({
      accountId,
      returnUrl: `${t.config.publicUrl}${returnPath}`,
      refreshUrl: `${t.config.publicUrl}/organizations/o1?tab=payouts&refresh=1`,
    });
    return { accountId, url };
  }

  it('onboards: link, page without client credentials, complete, back to the return URL, ACTIVE', async () => {
    const { accountId, url } = await newLink();
    expect(accountId).toMatch(/^sandbox_acct_[0-9a-f]{24}$/);
    expect(await sandbox.getAccountStatus(accountId)).toBe('PENDING');
    expect(url.startsWith(`${t.config.publicUrl}/api/v1/payment/sandbox/onboarding/${accountId}?`)).toBe(
      true,
    );

    const page = await t.app.inject({ method: 'GET', url: local(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).not.toContain('script-src');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Marquee');
    expect(page.body).toContain(accountId);
    expect(page.body).toContain('org-1');
    expect(page.body).toContain('<button type="submit">Complete onboarding</button>');
    expect(page.body).not.toContain('<script');

    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&#38;', '&');
    expect(action).toBeDefined();
    const done = await t.app.inject({
      method: 'POST',
      url: action ?? '',
      headers: FORM,
      payload: `nonce=${encodeURIComponent(nonceOf(page.body))}`,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${t.config.publicUrl}/organizations/o1?tab=payouts`);
    expect(await sandbox.getAccountStatus(accountId)).toBe('ACTIVE');

    // The link is used up: opening it again goes to the refresh URL, like Stripe's account links.
    const again = await t.app.inject({ method: 'GET', url: local(url) });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`${t.config.publicUrl}/organizations/o1?tab=payouts&refresh=1`);
  });

  it('refuses a nonce used twice, and a made-up one', async () => {
    const { accountId, url } = await newLink();
    const page = await t.app.inject({ method: 'GET', url: local(url) });
    const nonce = nonceOf(page.body);
    const post = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: local(url).replace(/&link=[^&]+/, ''),
        headers: FORM,
        payload: `nonce=${encodeURIComponent(value)}`,
      });
    const forged = await post('made-up');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('already used or has expired');
    expect(await sandbox.getAccountStatus(accountId)).toBe('PENDING');
    expect((await post(nonce)).statusCode).toBe(303);
    const reused = await post(nonce);
    expect(reused.statusCode).toBe(400);
    expect(reused.headers['content-type']).toContain('text/html');
    expect(reused.body).toContain('already used or has expired');
  });

  it('keeps one account per organization, however often (and however concurrently) it is asked', async () => {
    const made = await Promise.all(
      Array.from({ length: 5 }, () => sandbox.createAccount({ organizationId: 'org-once', email: null })),
    );
    expect(new Set(made.map((m) => m.accountId)).size).toBe(1);
  });

  it('refuses open redirects, both when the link is made and when its return is altered', async () => {
    for (const returnUrl of [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example',
      'javascript:alert(1)',
      `${t.config.publicUrl}.evil.example/x`,
    ]) {
      expect(isAllowedReturnUrl(returnUrl, t.config.publicUrl)).toBe(false);
    }
    expect(isAllowedReturnUrl('/organizations/1', t.config.publicUrl)).toBe(true);
    expect(isAllowedReturnUrl(`${t.config.publicUrl}/organizations/1`, t.config.publicUrl)).toBe(true);
    // Another origin of this server, when listed; never one that is not.
    const loopback = ['http://127.0.0.1:3000'];
    expect(isAllowedReturnUrl('http://127.0.0.1:3000/organizations/1', t.config.publicUrl, loopback)).toBe(
      true,
    );
    expect(isAllowedReturnUrl('http://127.0.0.1:3001/organizations/1', t.config.publicUrl, loopback)).toBe(
      false,
    );
    expect(isAllowedReturnUrl('http://127.0.0.1:3000/organizations/1', t.config.publicUrl)).toBe(false);

    const { accountId } = await sandbox.createAccount({ organizationId: 'org-2', email: null });
    await expect(
      sandbox.createOnboardingLink({
        accountId,
        returnUrl: 'https://evil.example/',
        refreshUrl: '/organizations',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const { url } = await newLink();
    const altered = new URL(url);
    altered.searchParams.set('return', 'https://evil.example/phish');
    const page = await t.app.inject({ method: 'GET', url: local(altered.toString()) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('return address is not the one Marquee gave');

    // Even with a good nonce, a POST whose return was altered is refused and changes nothing.
    const good = await t.app.inject({ method: 'GET', url: local(url) });
    const id = new URL(url).pathname.split('/').pop() ?? '';
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/onboarding/${id}?return=${encodeURIComponent('https://evil.example/phish')}`,
      headers: FORM,
      payload: `nonce=${encodeURIComponent(nonceOf(good.body))}`,
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
    expect(await sandbox.getAccountStatus(id)).toBe('PENDING');
  });

  it('sends an expired link to the refresh URL, and answers 404 to an unknown account', async () => {
    const { url } = await newLink();
    clock.advance(61 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: local(url) });
    expect(expired.statusCode).toBe(303);
    expect(expired.headers.location).toContain('refresh=1');

    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/sandbox/onboarding/sandbox_acct_000000000000000000000000?return=%2F&link=x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This onboarding link is not valid.');
    await expect(sandbox.getAccountStatus('sandbox_acct_nope')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('opens the dashboard page with its link only', async () => {
    const { accountId } = await sandbox.createAccount({
      organizationId: 'org-3',
      email: 'three@example.test',
    });
    const { url } = await sandbox.createDashboardLink(accountId);
    const page = await t.app.inject({ method: 'GET', url: local(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payout dashboard');
    expect(page.body).toContain(accountId);
    expect(page.body).toContain('three@example.test');
    expect(page.body).toContain('PENDING');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payment/sandbox/dashboard/${accountId}?link=nope`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('keeps other payment paths behind the client credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payment/sandbox/other' });
    expect(response.statusCode).toBe(403);
    const withHeaders = await t.app.inject({
      method: 'GET',
      url: '/api/v1/payment/sandbox/other',
      headers: clientHeaders(),
    });
    expect(withHeaders.statusCode).toBe(404);
  });
});

describe('payments provider choice', () => {
  it('picks Stripe with STRIPE_SECRET_KEY, else the sandbox, and names a bad key', () => {
    const env = { NODE_ENV: 'test' as const, LOG_LEVEL: 'silent' };
    const stripeConfig = loadConfig({
      ...env,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
    });
    expect(stripeConfig.payments.stripe).toEqual({
      secretKey: 'sk_test_abc',
      apiBase: 'http://127.0.0.1:12111',
    });
    const deps = { db: {} as never, clock: manualClock() };
    expect(createPaymentsProvider(stripeConfig, deps).name).toBe('stripe');
    expect(createPaymentsProvider(testConfig(), deps).name).toBe('sandbox');
    expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(
      /STRIPE_SECRET_KEY=.*sk_/,
    );
  });

  it('serves no sandbox pages when Stripe is the provider', async () => {
    const t = await createTestApp({
      deps: { payments: createStripePayments({ secretKey: 'sk_test_x', apiBase: 'http://127.0.0.1:9' }) },
    });
    try {
      // With the client credentials: a path that is no route needs them like any /api path (403 without).
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/payment/sandbox/onboarding/sandbox_acct_000000000000000000000000?return=%2F&link=x',
        headers: clientHeaders(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    } finally {
      await t.close();
    }
  });
});
