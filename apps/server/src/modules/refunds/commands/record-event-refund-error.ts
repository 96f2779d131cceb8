import type { RefundsDeps } from '../deps.js';
import { recordJobError } from '../repo/event-refund-jobs.js';

/** A run failed unexpectedly (the queue retries it): the reason is shown with the progress. */
export async function recordEventRefundError(deps: Pick<RefundsDeps, 'db'>, eventId: string, error: unknown) {
  await recordJobError(
    deps.db,
    eventId,
    error instanceof Error ? error.message.slice(0, 500) : String(error),
  );
}
