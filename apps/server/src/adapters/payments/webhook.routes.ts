import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { PROVIDER_CALLBACK } from '../../lib/access/index.js';
import { isDatabaseUnavailable, isTransientDbError } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordPaymentEvent } from './payment-events.repo.js';
import type { PaymentOutcome, PaymentsProvider } from './payments.js';

/** What the booking side does with a payment's outcome (`createSettlement(deps).settle`). */
export type SettlePayment = (outcome: PaymentOutcome) => Promise<unknown>;
/** What the refund engine does with a refund's outcome (`settleFromProvider`). */
export type SettleRefund = (outcome: PaymentOutcome) => Promise<unknown>;

/** The largest webhook body accepted (Stripe's events are a few kilobytes). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /api/v1/payment/webhook/:provider`: the provider tells this server a payment's outcome.
 *
 * 1. The provider's signature is checked over the raw body (`parseWebhook`; 400 and nothing recorded
 *    when it fails), so this plugin reads the body as bytes, never as parsed JSON.
 * 2. The event is recorded in `payment_events` (unique provider + event id) and `settle` runs in the
 *    SAME unit of work: the settlement's own unit of work joins it (db/unit-of-work.ts), so the record
 *    and the settlement commit together or not at all. A redelivery finds the row and answers 200 doing
 *    nothing; a failed settlement rolls the row back and answers 500, so the provider's retry is handled
 *    afresh. Two deliveries of one event at once: the second's insert waits on the first's uncommitted
 *    row, then finds it (first committed) or takes over (first rolled back).
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  opts: {
    payments: PaymentsProvider;
    unitOfWork: UnitOfWork;
    settle: SettlePayment;
    settleRefund?: SettleRefund;
  },
) {
  const { payments, unitOfWork, settle, settleRefund } = opts;
  // Encapsulated in this plugin: every body is kept as raw bytes, whatever its content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post<{ Params: { provider: string } }>(
    '/api/v1/payment/webhook/:provider',
    {
      config: PROVIDER_CALLBACK,
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { summary: "Payment provider's webhook (signed)", tags: ['Payments'] },
    },
    async (request, reply) => {
      const provider = payments.name;
      if (request.params.provider !== provider) throw notFound('This webhook endpoint');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = payments.parseWebhook(raw, request.headers);
      const result = await unitOfWork(
        async ({ tx, now }) => {
          const fresh = await recordPaymentEvent(tx, {
            provider,
            eventId: event.eventId,
            type: event.type,
            providerRef: event.providerRef,
            receivedAt: now,
          });
          if (!fresh) return 'duplicate' as const;
          if (event.type === 'ignored' || !event.providerRef) return 'ignored' as const;
          try {
            const outcome = {
              provider,
              providerRef: event.providerRef,
              outcome:
                event.type === 'payment.succeeded' || event.type === 'refund.succeeded'
                  ? 'SUCCEEDED'
                  : 'FAILED',
              failureReason: event.failureReason,
              amount: event.amount,
              currency: event.currency,
            } as const;
            if (event.type === 'refund.succeeded' || event.type === 'refund.failed')
              await settleRefund?.(outcome);
            else await settle(outcome);
          } catch (error) {
            // Contention is the unit of work's to retry; a database that is away is a 503: the provider
            // retries either, and neither is a fault of this server's code.
            if (isTransientDbError(error) || isDatabaseUnavailable(error)) throw error;
            // Whatever the reason (even a 4xx of the booking side), the provider must retry later:
            // a 500, and the event's row is rolled back with the rest.
            request.log.error({ err: error, eventId: event.eventId }, 'payment webhook settlement failed');
            throw new AppError(500, 'The payment event could not be processed; it will be retried.');
          }
          return 'settled' as const;
        },
        { who: { system: `payments-webhook:${provider}`, requestId: request.id } },
      );
      return reply.status(200).send({ received: true, result });
    },
  );
}
