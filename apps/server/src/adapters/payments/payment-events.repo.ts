import type { DbOrTx } from '../../db/client.js';
import { paymentEvents } from '../../db/schema/index.js';

/**
 * Records a provider's webhook event unless it is recorded already (unique provider + event id): true
 * for the first delivery. A concurrent delivery of the same event waits on the first's uncommitted row.
 */
export async function recordPaymentEvent(
  db: DbOrTx,
  event: { provider: string; eventId: string; type: string; providerRef: string | null; receivedAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      providerRef: event.providerRef,
      receivedAt: event.receivedAt,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ eventId: paymentEvents.eventId });
  return fresh !== undefined;
}
