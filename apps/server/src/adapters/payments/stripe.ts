import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.js';
import type { PaymentsProvider, PaymentWebhook, PayoutStatus } from './payments.js';

/**
 * Stripe's library, required the first time this adapter is used (a Stripe key is configured), not at
 * every start (docs/performance.md, "Warm start"); require caches it after that.
 */
const stripeLibrary = () => createRequire(import.meta.url)('stripe') as typeof Stripe;

export interface StripeOptions {
  secretKey: string;
  /** Another API host (tests, a proxy): `http://127.0.0.1:12111`. Default: Stripe's API. */
  apiBase?: string;
  timeoutMs?: number;
  /** Automatic retries of failed network calls; Stripe's library adds idempotency keys to them. */
  maxNetworkRetries?: number;
  /** The webhook endpoint's signing secret (`whsec_…`); without it every webhook is refused. */
  webhookSecret?: string;
}

/** Reads a verified Stripe event into the port's webhook: PaymentIntent and refund outcomes, else ignored. */
export function stripePaymentWebhook(event: Stripe.Event): PaymentWebhook {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    return {
      eventId: event.id,
      type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
      providerRef: intent.id,
      failureReason:
        event.type === 'payment_intent.payment_failed'
          ? (intent.last_payment_error?.message ?? 'The payment failed.')
          : null,
      // What was actually captured, not what was asked: the settlement confirms only the full amount.
      amount:
        event.type === 'payment_intent.succeeded'
          ? (intent.amount_received ?? null)
          : (intent.amount ?? null),
      currency: intent.currency ?? null,
    };
  }
  // A refund Stripe answered `pending` is settled by its update (the engine finishes it once).
  if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') {
    const refund = event.data.object;
    if (refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled') {
      return {
        eventId: event.id,
        type: refund.status === 'succeeded' ? 'refund.succeeded' : 'refund.failed',
        providerRef: refund.id,
        failureReason: refund.status === 'succeeded' ? null : (refund.failure_reason ?? 'The refund failed.'),
        amount: refund.amount ?? null,
        currency: refund.currency ?? null,
      };
    }
  }
  return {
    eventId: event.id,
    type: 'ignored',
    providerRef: null,
    failureReason: null,
    amount: null,
    currency: null,
  };
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
  if (error instanceof stripeLibrary().errors.StripeConnectionError) {
    throw new AppError(503, 'The payment provider could not be reached. Please try again in a moment.');
  }
  if (error instanceof stripeLibrary().errors.StripeError) {
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
  const StripeClient = stripeLibrary();
  const stripe = new StripeClient(options.secretKey, {
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

    // A destination charge: the buyer pays the platform, Stripe transfers the amount less the
    // application fee (the service fee) to the organization's connected account. The buyer pays in
    // place with the Payment Element (clientSecret); its return_url is given by the client when it
    // confirms, so input.returnUrl is not sent here.
    async createPayment(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            description: input.description,
            automatic_payment_methods: { enabled: true },
            metadata: {
              bookingId: input.bookingId,
              bookingCode: input.bookingCode,
              paymentId: input.paymentId,
            },
            ...(input.destinationAccountId
              ? {
                  application_fee_amount: input.applicationFee,
                  transfer_data: { destination: input.destinationAccountId },
                }
              : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { providerRef: intent.id, redirectUrl: null, clientSecret: intent.client_secret };
    },

    // Destination charges: the organizer's part comes back from the connected account (reverse_transfer)
    // and the platform's fee is given back in proportion when the refund includes it.
    async refund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentProviderRef,
            amount: input.amount,
            reverse_transfer: input.reverseTransfer > 0,
            refund_application_fee: input.applicationFeeRefund > 0,
            metadata: { refundId: input.refundId },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const status =
        refund.status === 'succeeded'
          ? 'SUCCEEDED'
          : refund.status === 'failed' || refund.status === 'canceled'
            ? 'FAILED'
            : 'PENDING';
      return { providerRef: refund.id, status, failureReason: refund.failure_reason ?? null };
    },

    parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      const header = Array.isArray(signature) ? signature[0] : signature;
      if (!options.webhookSecret) {
        // Not the sender's fault: a 5xx, so that Stripe keeps retrying until the secret is set.
        throw new AppError(503, 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).');
      }
      if (!header) {
        throw badRequest('The webhook signature is not valid: the stripe-signature header is missing.', [
          { field: 'stripe-signature', message: 'is missing' },
        ]);
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header, options.webhookSecret);
      } catch (error) {
        const detail = error instanceof Error ? error.message : 'unknown error';
        throw badRequest(`The webhook signature is not valid: ${detail}`, [
          { field: 'stripe-signature', message: 'does not verify' },
        ]);
      }
      return stripePaymentWebhook(event);
    },
  };
}
