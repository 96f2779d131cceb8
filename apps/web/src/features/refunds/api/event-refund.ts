import {
  confirmEventRefund,
  type EventRefundJob,
  getEventRefundProgress,
  HEADERS,
  payDueToCancelEvent,
} from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { routeQuery } from '../../../lib/api-hooks';
import { http } from '../../../lib/http';
import { eventRefundKeys } from './keys';

/** How often the progress bar asks the job how far it got. */
export const PROGRESS_INTERVAL_MS = 1000;

/** The job has stopped: nothing more will change without someone acting. */
export const jobFinished = (job: EventRefundJob | null | undefined) =>
  job?.status === 'COMPLETED' || job?.status === 'FAILED';

/** What refunding every paid order of the event takes; `refundServiceFee` undefined = the organization's setting. */
export const eventRefundPlanQuery = (eventId: string, refundServiceFee?: boolean) =>
  routeQuery(eventRefundKeys.plan, {
    eventId,
    refundServiceFee: refundServiceFee === undefined ? undefined : refundServiceFee ? 'true' : 'false',
  });

/** The job's progress, read every second until it has finished (COMPLETED or FAILED). */
export const eventRefundProgressQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventRefundKeys.progress({ eventId }),
    queryFn: async ({ signal }) =>
      (await http(getEventRefundProgress, { query: { eventId }, signal, silent: true })).result,
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : PROGRESS_INTERVAL_MS),
    // A failed read is shown on the bar with Retry; a toast every second would drown the page.
    retry: false,
  });

/**
 * Starts the job. The key belongs to this confirmation: a retry after a lost answer sends it again, and
 * the server answers the job it already started.
 */
export async function startEventRefund(
  body: { eventId: string; refundServiceFee?: boolean },
  idempotencyKey: string,
) {
  return http(confirmEventRefund, { body, headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}

/** Opens the payment of what the organizer owes; the answer names the card page to go to. */
export async function payEventDue(
  body: { eventId: string; refundServiceFee?: boolean; returnPath: string },
  idempotencyKey: string,
) {
  return http(payDueToCancelEvent, { body, headers: { [HEADERS.idempotencyKey]: idempotencyKey } });
}
