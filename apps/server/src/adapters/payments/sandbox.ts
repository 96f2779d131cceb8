import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { PaymentsProvider } from './payments.js';
import {
  completeSandboxOnboarding,
  createSandboxAccountOnce,
  findSandboxAccount,
  type SandboxAccount,
  setSandboxDashboardLink,
  setSandboxOnboardingLink,
  setSandboxOnboardingNonce,
} from './sandbox-accounts.repo.js';
import {
  createSandboxCheckout,
  SANDBOX_WEBHOOK_PATH,
  type SandboxCheckout,
  type WebhookSender,
} from './sandbox-checkout.js';
import { createSandboxRefunds } from './sandbox-refunds.js';
import { sandboxWebhookSecret } from './sandbox-webhook-secret.js';

/** Paths of the sandbox's local pages (browser navigations, outside the client-credential check). */
export const SANDBOX_PATHS = {
  onboarding: (accountId: string) => `/api/v1/payment/sandbox/onboarding/${encodeURIComponent(accountId)}`,
  dashboard: (accountId: string) => `/api/v1/payment/sandbox/dashboard/${encodeURIComponent(accountId)}`,
};

/** How long an onboarding link, the page's nonce and a dashboard link stay valid. */
export const SANDBOX_LIFETIMES = { linkMinutes: 60, nonceMinutes: 30, dashboardMinutes: 60 };

const ACCOUNT_ID = /^sandbox_acct_[A-Za-z0-9]{16,40}$/;

export type { SandboxAccount } from './sandbox-accounts.repo.js';

/** What the onboarding page shows, or where the browser goes instead. */
export type OnboardingPage =
  | { kind: 'page'; account: SandboxAccount; organizationName: string | null; nonce: string }
  | { kind: 'redirect'; location: string };

export interface SandboxPayments extends PaymentsProvider {
  readonly name: 'sandbox';
  /** The card page's side (used by sandbox-checkout.routes.ts). */
  readonly checkout: SandboxCheckout['pages'];
  /** Stops delayed and retried webhook deliveries (the app calls it on close). */
  close(): void;
  /** Reads the webhook secret (the app calls it when ready, after the migrations). */
  ready(): Promise<void>;
  /** The local pages' side (used by sandbox.routes.ts). */
  readonly pages: {
    openOnboarding(input: {
      accountId: string;
      linkToken: string;
      returnParam: string;
    }): Promise<OnboardingPage>;
    completeOnboarding(input: {
      accountId: string;
      nonce: string;
      returnParam: string;
    }): Promise<{ location: string }>;
    openDashboard(input: {
      accountId: string;
      token: string;
    }): Promise<{ account: SandboxAccount; organizationName: string | null }>;
  };
}

export function isSandboxPayments(provider: PaymentsProvider): provider is SandboxPayments {
  return provider.name === 'sandbox' && 'pages' in provider;
}

/**
 * Where the sandbox may send a browser back to: a same-origin path (`/…`, not `//…`, no backslash), an
 * absolute URL under PUBLIC_URL, or one on another origin this server answers on (`consoleOrigins`:
 * the console opened on 127.0.0.1 returns there). Anything else would make the page an open redirect.
 */
export function isAllowedReturnUrl(value: string, publicUrl: string, otherOrigins: string[] = []): boolean {
  if (value.length > 2000 || /[\\\s]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let url: URL;
  let base: URL;
  try {
    url = new URL(value);
    base = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin !== base.origin) return otherOrigins.includes(url.origin);
  const basePath = base.pathname.replace(/\/+$/, '');
  return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}

/** The page's message for a link that cannot be used; the routes render it as HTML. */
export class SandboxPageError extends AppError {}

const refused = (status: number, message: string) => new SandboxPageError(status, message);

/**
 * The sandbox payments provider: accounts live in `sandbox_payout_accounts`; onboarding is a local
 * page of this server whose "Complete onboarding" button marks the account ACTIVE. No money moves.
 */
export function createSandboxPayments(deps: {
  db: Db;
  clock: Clock;
  /** Where people reach the server; links are built on it and return URLs must stay under it. */
  publicUrl: string;
  /** Other origins of this server a return URL may point to (the console opened on 127.0.0.1). */
  returnOrigins?: string[];
  /** The organization's name for the pages; without it they show the organization's id. */
  organizationName?: (organizationId: string) => Promise<string | null>;
  /**
   * Buyer payments' webhooks: the signing secret (default: the installation's own, made at its first
   * start and kept in the database) and where they go.
   */
  webhooks?: {
    secret?: string;
    /** Read at each delivery; default `${publicUrl}/api/v1/payment/webhook/sandbox`. */
    url?: () => string;
    /** How a delivery is made; default an HTTP POST. Tests capture and replay deliveries with it. */
    send?: WebhookSender;
    /** The delay before the "fails after a delay" card's webhook; default 3 s. */
    delayedFailureMs?: number;
    retryDelaysMs?: number[];
  };
  /** How long each refund takes (SANDBOX_REFUND_DELAY_MS). */
  refundDelayMs?: number;
  log?: { warn(obj: object, msg: string): void };
}): SandboxPayments {
  const { db, clock, publicUrl } = deps;
  const allowedReturn = (value: string) => isAllowedReturnUrl(value, publicUrl, deps.returnOrigins);
  const secret = sandboxWebhookSecret(db, deps.webhooks?.secret);
  const checkout = createSandboxCheckout({
    db,
    clock,
    publicUrl,
    allowedReturn,
    webhookSecret: secret,
    webhookUrl: deps.webhooks?.url ?? (() => `${publicUrl}${SANDBOX_WEBHOOK_PATH}`),
    sendWebhook: deps.webhooks?.send,
    delayedFailureMs: deps.webhooks?.delayedFailureMs,
    retryDelaysMs: deps.webhooks?.retryDelaysMs,
    log: deps.log,
  });
  const minutesFromNow = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
  const nameOf = async (organizationId: string) =>
    deps.organizationName ? deps.organizationName(organizationId).catch(() => null) : null;

  async function find(accountId: string): Promise<SandboxAccount | undefined> {
    if (!ACCOUNT_ID.test(accountId)) return undefined;
    return findSandboxAccount(db, accountId);
  }

  async function existing(accountId: string): Promise<SandboxAccount> {
    const row = await find(accountId);
    if (!row) throw notFound('The sandbox payout account');
    return row;
  }

  function checkReturn(account: SandboxAccount, returnParam: string) {
    if (!allowedReturn(returnParam) || returnParam !== account.linkReturnUrl) {
      throw refused(
        400,
        'This onboarding link has been altered: its return address is not the one Marquee gave. Start onboarding again from Marquee.',
      );
    }
  }

  return {
    name: 'sandbox',
    createPayment: checkout.createPayment,
    refund: createSandboxRefunds({ db, clock, delayMs: deps.refundDelayMs ?? 0 }),
    parseWebhook: checkout.parseWebhook,
    checkout: checkout.pages,
    close: checkout.close,
    // A database that is away at start must not stop the server: the secret is read again on the first
    // webhook (which answers 503 until then, and the sender retries).
    ready: async () => {
      await secret
        .load()
        .catch((error: unknown) =>
          deps.log?.warn({ err: error }, 'sandbox webhook secret not read yet; it is read on first use'),
        );
    },

    // One account per organization, however many calls race (the port's contract, like Stripe's
    // idempotency key): the unique index decides, and every caller gets the account that won.
    async createAccount(input) {
      const row = await createSandboxAccountOnce(db, {
        id: `sandbox_acct_${randomBytes(12).toString('hex')}`,
        organizationId: input.organizationId,
        email: input.email,
        country: input.country ?? null,
        createdAt: clock.now(),
      });
      if (!row) throw new Error('sandbox payout account vanished after its creation');
      return { accountId: row.id };
    },

    async createOnboardingLink(input) {
      for (const [field, value] of [
        ['returnUrl', input.returnUrl],
        ['refreshUrl', input.refreshUrl],
      ] as const) {
        if (!allowedReturn(value)) {
          throw badRequest(`The ${field} must be a path of this site or an address under ${publicUrl}.`, [
            { field, message: `must be a path of this site or an address under ${publicUrl}` },
          ]);
        }
      }
      await existing(input.accountId);
      const token = newToken();
      await setSandboxOnboardingLink(db, input.accountId, {
        hash: hashToken(token),
        returnUrl: input.returnUrl,
        refreshUrl: input.refreshUrl,
        expiresAt: minutesFromNow(SANDBOX_LIFETIMES.linkMinutes),
      });
      const query = new URLSearchParams({ return: input.returnUrl, link: token });
      return { url: `${publicUrl}${SANDBOX_PATHS.onboarding(input.accountId)}?${query}` };
    },

    async getAccountStatus(accountId) {
      return (await existing(accountId)).status;
    },

    async createDashboardLink(accountId) {
      await existing(accountId);
      const token = newToken();
      await setSandboxDashboardLink(db, accountId, {
        hash: hashToken(token),
        expiresAt: minutesFromNow(SANDBOX_LIFETIMES.dashboardMinutes),
      });
      return {
        url: `${publicUrl}${SANDBOX_PATHS.dashboard(accountId)}?${new URLSearchParams({ link: token })}`,
      };
    },

    pages: {
      async openOnboarding({ accountId, linkToken, returnParam }) {
        const account = await find(accountId);
        if (!account?.linkRefreshUrl) throw refused(404, 'This onboarding link is not valid.');
        checkReturn(account, returnParam);
        const current =
          account.linkTokenHash !== null &&
          account.linkTokenHash === hashToken(linkToken) &&
          account.linkExpiresAt !== null &&
          account.linkExpiresAt > clock.now();
        // Like Stripe's account links: an expired, used or replaced link sends the person to refreshUrl.
        if (!current) return { kind: 'redirect', location: account.linkRefreshUrl };
        const nonce = newToken();
        await setSandboxOnboardingNonce(db, accountId, {
          hash: hashToken(nonce),
          expiresAt: minutesFromNow(SANDBOX_LIFETIMES.nonceMinutes),
        });
        return { kind: 'page', account, organizationName: await nameOf(account.organizationId), nonce };
      },

      async completeOnboarding({ accountId, nonce, returnParam }) {
        const account = await find(accountId);
        if (!account) throw refused(404, 'This onboarding link is not valid.');
        checkReturn(account, returnParam);
        // One atomic update: a nonce completes onboarding once, even with two submissions at once.
        const done = await completeSandboxOnboarding(db, {
          accountId,
          nonceHash: hashToken(nonce),
          now: clock.now(),
        });
        if (!done?.linkReturnUrl) {
          throw refused(
            400,
            'This onboarding page was already used or has expired. Open the onboarding link again from Marquee.',
          );
        }
        return { location: done.linkReturnUrl };
      },

      async openDashboard({ accountId, token }) {
        const account = await find(accountId);
        if (
          !account?.dashboardTokenHash ||
          account.dashboardTokenHash !== hashToken(token) ||
          !account.dashboardExpiresAt ||
          account.dashboardExpiresAt <= clock.now()
        ) {
          throw refused(
            404,
            'This dashboard link is not valid or has expired. Open the dashboard again from Marquee.',
          );
        }
        return { account, organizationName: await nameOf(account.organizationId) };
      },
    },
  };
}
