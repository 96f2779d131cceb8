import { type EventRefundJob, getEventRefundProgress } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { eventRefundKeys } from './keys';

/** How often the progress bar asks the job how far it got. */
export const PROGRESS_INTERVAL_MS = 1000;

/** The job has stopped: nothing more will change without someone acting. */
export const jobFinished = (job: EventRefundJob | null | undefined) =>
  job?.status === 'COMPLETED' || job?.status === 'FAILED';

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
