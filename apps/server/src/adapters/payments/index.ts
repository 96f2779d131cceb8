import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { consoleOrigins } from '../../lib/origins.js';
import type { PaymentsProvider } from './payments.js';
import { createSandboxPayments } from './sandbox.js';
import type { WebhookSender } from './sandbox-checkout.js';
import { createStripePayments } from './stripe.js';

export type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentOutcome,
  PaymentsProvider,
  PaymentWebhook,
  PayoutStatus,
  RefundPaymentInput,
  RefundPaymentResult,
} from './payments.js';

/** Stripe Connect when `STRIPE_SECRET_KEY` is set, else the sandbox (which needs nothing outside). */
export function createPaymentsProvider(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    organizationName?: (organizationId: string) => Promise<string | null>;
    /** Where the sandbox sends its webhooks when SANDBOX_WEBHOOK_URL is not set (the listening server). */
    sandboxWebhookUrl?: () => string;
    /** How the sandbox delivers its webhooks (tests capture them). */
    sandboxWebhookSender?: WebhookSender;
    log?: { warn(obj: object, msg: string): void };
  },
): PaymentsProvider {
  const { stripe, sandbox } = config.payments;
  if (stripe) {
    return createStripePayments({
      secretKey: stripe.secretKey,
      apiBase: stripe.apiBase,
      webhookSecret: stripe.webhookSecret,
    });
  }
  const configuredUrl = sandbox.webhookUrl;
  return createSandboxPayments({
    db: deps.db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    returnOrigins: consoleOrigins(config),
    organizationName: deps.organizationName,
    webhooks: {
      secret: sandbox.webhookSecret,
      url: configuredUrl ? () => configuredUrl : deps.sandboxWebhookUrl,
      send: deps.sandboxWebhookSender,
      delayedFailureMs: sandbox.delayedFailureMs,
    },
    refundDelayMs: sandbox.refundDelayMs,
    log: deps.log,
  });
}
