import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { consoleOrigins } from '../../lib/origins.js';
import type { PaymentsProvider } from './payments.js';
import { createSandboxPayments } from './sandbox.js';
import { createStripePayments } from './stripe.js';

export type { PaymentsProvider, PayoutStatus } from './payments.js';

/** Stripe Connect when `STRIPE_SECRET_KEY` is set, else the sandbox (which needs nothing outside). */
export function createPaymentsProvider(
  config: Config,
  deps: { db: Db; clock: Clock; organizationName?: (organizationId: string) => Promise<string | null> },
): PaymentsProvider {
  const { stripe } = config.payments;
  if (stripe) return createStripePayments({ secretKey: stripe.secretKey, apiBase: stripe.apiBase });
  return createSandboxPayments({
    db: deps.db,
    clock: deps.clock,
    publicUrl: config.publicUrl,
    returnOrigins: consoleOrigins(config),
    organizationName: deps.organizationName,
  });
}
