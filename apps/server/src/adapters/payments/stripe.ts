import Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { PaymentsProvider, PayoutStatus } from './payments.js';

export interface StripeOptions {
  secretKey: string;
  /** Another API host (tests, a proxy): `http://127.0.0.1:12111`. Default: Stripe's API. */
  apiBase?: string;
  timeoutMs?: number;
  /** Automatic retries of failed network calls; Stripe's library adds idempotency keys to them. */
  maxNetworkRetries?: number;
}

/** Reads Stripe's account into the product's payout status. */
export function stripeAccountStatus(account: {
  charges_enabled?: boolean | null;
  payouts_enabled?: boolean | null;
  details_submitted?: boolean | null;
  requirements?: {
    disabled_reason?: string | null;
    past_due?: string[] | null;
    currently_due?: string[] | null;
  } | null;
}): Exclude<PayoutStatus, 'NOT_STARTED'> {
  if (account.charges_enabled && account.payouts_enabled) return 'ACTIVE';
  // Not through the onboarding form yet: still the organizer's move.
  if (!account.details_submitted) return 'PENDING';
  const reason = account.requirements?.disabled_reason ?? null;
  // Submitted and waiting for Stripe's checks: nothing for the organizer to do.
  if (reason === 'requirements.pending_verification') return 'PENDING';
  if (reason || (account.requirements?.past_due?.length ?? 0) > 0) return 'RESTRICTED';
  if ((account.requirements?.currently_due?.length ?? 0) > 0) return 'RESTRICTED';
  return 'PENDING';
}

/** Stripe's failures become the product's: 502 for a refusal, 503 when Stripe cannot be reached. */
function providerError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeConnectionError) {
    throw new AppError(503, 'The payment provider could not be reached. Please try again in a moment.');
  }
  if (error instanceof Stripe.errors.StripeError) {
    const detail = error.message ? `: ${error.message}` : '.';
    throw new AppError(502, `The payment provider refused the request${detail}`);
  }
  throw error;
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    providerError(error);
  }
}

/**
 * Stripe Connect with Express accounts: the organizer onboards on Stripe's hosted pages (account
 * links) and reaches the Express dashboard through login links. See docs/payments.md.
 */
export function createStripePayments(options: StripeOptions): PaymentsProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Marquee' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  return {
    name: 'stripe',

    // issue 10 (selling core): a stub; the payments helper implements it (PaymentIntent, Connect).
    async createPayment() {
      throw new Error('TODO: Stripe createPayment is implemented by the payments helper');
    },

    async createAccount(input) {
      const account = await call(() =>
        stripe.accounts.create(
          {
            type: 'express',
            ...(input.country ? { country: input.country } : {}),
            ...(input.email ? { email: input.email } : {}),
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { organizationId: input.organizationId },
          },
          { idempotencyKey: `payout-account-${input.organizationId}` },
        ),
      );
      return { accountId: account.id };
    },

    async createOnboardingLink(input) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          return_url: input.returnUrl,
          refresh_url: input.refreshUrl,
        }),
      );
      return { url: link.url };
    },

    async getAccountStatus(accountId) {
      return stripeAccountStatus(await call(() => stripe.accounts.retrieve(accountId)));
    },

    async createDashboardLink(accountId) {
      const link = await call(() => stripe.accounts.createLoginLink(accountId));
      return { url: link.url };
    },
  };
}
