import { checkInEventList } from '@marquee/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routeListQuery } from '../../../lib/api-hooks';
import { http } from '../../../lib/http';
import { readWithOfflineCopy } from '../door';
import { checkInKeys } from './keys';

/**
 * The events the caller may check in, today's and upcoming first; `past` adds those that ended more
 * than a day ago (an older event opened by its link, or asked for on the picker).
 */
export function checkInEventListQuery(options: { search?: string; past?: boolean } = {}) {
  const query = { search: options.search || undefined, include: options.past ? 'past' : 'current' } as const;
  const read = routeListQuery(checkInKeys.events, query);
  return queryOptions({
    ...read,
    // A door device reloading with no network still knows its events and their dates.
    queryFn: ({ signal }) =>
      readWithOfflineCopy(
        read.queryKey,
        async () => (await http(checkInEventList, { query, signal })).result,
      ),
  });
}

/**
 * One event of the list, for its check-in screen (there is no single-event read at scan level). Looks
 * among current events first and, when the event is not there (an older one opened by its link), among
 * past ones too. `data` is null when the caller may not check it in.
 */
export function useCheckInEvent(eventId: string) {
  const current = useQuery(checkInEventListQuery());
  const inCurrent = current.data?.find((event) => event._id === eventId);
  const lookPast = current.isSuccess && !inCurrent;
  const past = useQuery({ ...checkInEventListQuery({ past: true }), enabled: lookPast });
  const event = inCurrent ?? past.data?.find((e) => e._id === eventId) ?? null;
  const settled = inCurrent !== undefined || (lookPast && past.isSuccess && !past.isPlaceholderData);
  return {
    data: settled ? event : undefined,
    isPending: !settled && !current.isError && !past.isError,
    error: current.error ?? past.error,
    refetch: () => void (lookPast ? past.refetch() : current.refetch()),
  };
}
