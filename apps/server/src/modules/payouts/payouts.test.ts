import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall, inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import {
  clientHeaders,
  createTestApp,
  createUser,
  loginAs,
  manualClock,
  type TestApp,
} from '../../../test/helpers.js';
import type { PaymentsProvider } from '../../adapters/payments/index.js';
import { createSandboxPayments } from '../../adapters/payments/sandbox.js';
import { auditLog, organizations, sandboxPayoutAccounts } from '../../db/schema/index.js';
import { consoleOrigins } from '../../lib/origins.js';

const START = '/api/v1/payment/create-organizer-account';

let t: TestApp;
let base: string;
const clock = manualClock();
let owner: string;

async function newOrganization(name: string): Promise<string> {
  const answer = await httpCall(base, {
    method: 'POST',
    path: '/api/v1/organization/create-organization',
    headers: clientHeaders(owner),
    body: { name },
  });
  return (answer.body.result as { _id: string })._id;
}

/**
 * The sandbox provider (the default; its accounts live in the same database and so take a pool
 * connection) answering after a network-like delay, as a real provider does.
 */
function slowSandbox(delayMs: number) {
  let inner: PaymentsProvider | undefined;
  const sandbox = () => {
    if (!inner) throw new Error('sandbox not attached');
    return inner;
  };
  const later = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  const provider: PaymentsProvider = {
    name: 'sandbox',
    createAccount: async (input) => {
      await later();
      return sandbox().createAccount(input);
    },
    createOnboardingLink: async (input) => {
      await later();
      return sandbox().createOnboardingLink(input);
    },
    getAccountStatus: (accountId) => sandbox().getAccountStatus(accountId),
    createDashboardLink: (accountId) => sandbox().createDashboardLink(accountId),
    createPayment: (input) => sandbox().createPayment(input),
    refund: (input) => sandbox().refund(input),
    parseWebhook: (rawBody, headers) => sandbox().parseWebhook(rawBody, headers),
  };
  return {
    provider,
    attach: (app: TestApp) => {
      inner = createSandboxPayments({
        db: app.db,
        clock,
        publicUrl: app.config.publicUrl,
        returnOrigins: consoleOrigins(app.config),
      });
    },
  };
}

const payments = slowSandbox(150);

beforeAll(async () => {
  t = await createTestApp({ clock, deps: { payments: payments.provider } });
  payments.attach(t);
  base = await listenOnLoopback(t);
  const o = await createUser(t, { organizerRequest: 'APPROVED' });
  owner = await loginAs(t, o.email, o.password);
});
afterAll(() => t.close());

describe('payout onboarding under parallel calls', () => {
  it('twelve parallel starts on a session idle for over a minute neither stall the API nor make two accounts', async () => {
    const organizationId = await newOrganization('Parallel Hall');
    // The session's last use is over a minute old, so every call also writes its "last seen" time.
    clock.advance(61_000);
    // Each start and the health call have a bound (8 s, 5 s without an answer): a stalled call ends
    // on it with no status, so twelve 200s and a 200 from health say nothing stalled.
    const [starts, health] = await Promise.all([
      inParallel(
        base,
        12,
        () => ({ method: 'POST', path: START, headers: clientHeaders(owner), body: { organizationId } }),
        8_000,
      ),
      new Promise<Awaited<ReturnType<typeof httpCall>>>((resolve) =>
        setTimeout(() => resolve(httpCall(base, { method: 'GET', path: '/api/health' }, 5_000)), 200),
      ),
    ]);
    expect(health.status, health.error).toBe(200);
    expect(starts.byStatus).toEqual({ 200: 12 });

    const accounts = await t.db
      .select()
      .from(sandboxPayoutAccounts)
      .where(eq(sandboxPayoutAccounts.organizationId, organizationId));
    expect(accounts).toHaveLength(1);
    const [organization] = await t.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization?.payoutAccountId).toBe(accounts[0]?.id);
    const created = await t.db.select().from(auditLog).where(eq(auditLog.entityId, organizationId));
    expect(created.filter((row) => row.action === 'PAYOUT_ACCOUNT_CREATED')).toHaveLength(1);
  });
});

describe('where onboarding returns to', () => {
  async function returnOf(headers: Record<string, string>) {
    const organizationId = await newOrganization(`Origin Hall ${Math.random()}`);
    const answer = await t.app.inject({
      method: 'POST',
      url: START,
      headers: { ...clientHeaders(owner), ...headers },
      payload: { organizationId },
    });
    expect(answer.statusCode).toBe(200);
    const url = new URL(answer.json().result.url);
    return { returnUrl: url.searchParams.get('return') ?? '', organizationId };
  }

  it('returns to the origin the console was opened on when the server answers there', async () => {
    const port = t.config.port;
    const { returnUrl, organizationId } = await returnOf({ origin: `http://127.0.0.1:${port}` });
    expect(returnUrl).toBe(
      `http://127.0.0.1:${port}/organizations/${organizationId}?tab=payouts&onboarding=return`,
    );
    const byHost = await returnOf({ host: `127.0.0.1:${port}` });
    expect(byHost.returnUrl.startsWith(`http://127.0.0.1:${port}/organizations/`)).toBe(true);
  });

  it('never follows an Origin or Host the server does not answer on: PUBLIC_URL then', async () => {
    const { returnUrl } = await returnOf({ origin: 'https://evil.example', host: 'evil.example' });
    expect(returnUrl.startsWith(`${t.config.publicUrl}/organizations/`)).toBe(true);
  });
});
