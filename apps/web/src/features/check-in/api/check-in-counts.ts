import { checkInCounts } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { checkInKeys } from './keys';

/**
 * Checked in / sold of one date; kept fresh by the live stream, read again while it is not connected.
 * Quiet and paused offline: a door without network keeps its last figures rather than a toast every
 * few seconds (the network bar already says it is offline).
 */
export const checkInCountsQuery = (eventId: string, occurrenceId: string) =>
  queryOptions({
    queryKey: checkInKeys.counts({ eventId, occurrenceId }),
    queryFn: async ({ signal }) =>
      (await http(checkInCounts, { query: { eventId, occurrenceId }, signal, silent: true })).result,
    networkMode: 'online',
  });
