import type { FastifyInstance } from 'fastify';
import { isSandboxPayments } from '../../adapters/payments/sandbox.js';
import { sandboxPaymentRoutes } from '../../adapters/payments/sandbox.routes.js';
import { paymentWebhookRoutes, type SettlePayment } from '../../adapters/payments/webhook.routes.js';
import { consoleOrigins } from '../../lib/origins.js';
import type { Ports } from '../../ports.js';
import { settlement } from '../booking/index.js';
import { dues, refundEngine } from '../refunds/index.js';

/**
 * The payment provider's side: its signed webhook, whose outcomes settle a booking or, for a payment the
 * booking side does not know, an organizer's due; and, with the sandbox provider, its onboarding,
 * dashboard and card pages.
 */
export async function paymentsModule(app: FastifyInstance, ports: Ports) {
  const { payments, config } = ports;
  const settle: SettlePayment =
    ports.settle ??
    (async (outcome) => {
      const settled = await settlement(ports).settle({
        ...outcome,
        failureReason: outcome.failureReason ?? undefined,
      });
      return settled === 'UNKNOWN_PAYMENT' ? dues(ports).settle(outcome) : settled;
    });
  await app.register(paymentWebhookRoutes, {
    payments,
    unitOfWork: ports.unitOfWork,
    settle,
    // A refund the provider confirmed later (Stripe's `pending` refunds): finished once, never repeated.
    settleRefund: (outcome) => refundEngine(ports).settleFromProvider(outcome),
  });
  if (isSandboxPayments(payments)) {
    // Its webhook secret may live in the database, whose tables exist once the migrations have run.
    app.addHook('onReady', async () => payments.ready());
    app.addHook('onClose', async () => payments.close());
    await app.register(sandboxPaymentRoutes, {
      sandbox: payments,
      publicUrl: config.publicUrl,
      returnOrigins: consoleOrigins(config),
    });
  }
}
