import { checkInCounts } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { readWithOfflineCopy } from '../door';
import { checkInKeys } from './keys';

/**
 * Checked in / sold of one date; kept fresh by the live stream, read again while it is not connected.
 * Quiet: a door without network is told so by its network bar, not by a toast every few seconds. With
 * no answer from the network the last figures this device read stand in (their `at` says how old).
 */
export const checkInCountsQuery = (eventId: string, occurrenceId: string) => {
  const queryKey = checkInKeys.counts({ eventId, occurrenceId });
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      readWithOfflineCopy(
        queryKey,
        async () =>
          (await http(checkInCounts, { query: { eventId, occurrenceId }, signal, silent: true })).result,
      ),
  });
};
