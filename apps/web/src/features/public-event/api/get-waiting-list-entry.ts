import { getWaitingListEntry } from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { waitingListKeys } from './waiting-list-keys';

/** The person's entry, opened by the link's token (their place in line, or the offer). */
export const waitingListEntryQuery = (entryId: string, token: string) =>
  queryOptions({
    queryKey: waitingListKeys.entry({ entryId, token }),
    queryFn: async ({ signal }) =>
      (await http(getWaitingListEntry, { query: { entryId, token }, signal, silent: true })).result,
    retry: false,
  });
