import {
  type BuyerBooking,
  createBooking,
  getWaitingListEntry,
  HEADERS,
  type JoinWaitingListBody,
  joinWaitingList,
  leaveWaitingList,
  type WaitingListEntryView,
} from '@marquee/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export const waitingListKeys = queryKeys('public-waiting-list', { entry: getWaitingListEntry });

/** The person's entry, opened by the link's token (their place in line, or the offer). */
export const waitingListEntryQuery = (entryId: string, token: string) =>
  queryOptions({
    queryKey: waitingListKeys.entry({ entryId, token }),
    queryFn: async ({ signal }) =>
      (await http(getWaitingListEntry, { query: { entryId, token }, signal, silent: true })).result,
    retry: false,
  });

export async function join(body: JoinWaitingListBody): Promise<WaitingListEntryView> {
  return (await http(joinWaitingList, { body })).result;
}

export async function leave(entryId: string, token: string): Promise<WaitingListEntryView> {
  return (await http(leaveWaitingList, { body: { entryId, token } })).result;
}

/** "Buy now": the normal checkout of the offered seats, the offer's link carried along. */
export async function buyOffer(
  entry: WaitingListEntryView,
  returnPath: string,
  idempotencyKey: string,
): Promise<BuyerBooking> {
  const response = await http(createBooking, {
    body: {
      eventId: entry.event._id,
      ...(entry.occurrence ? { occurrenceId: entry.occurrence._id } : {}),
      lines: [{ ticketTypeId: entry.ticketType._id, quantity: entry.offeredQuantity }],
      buyer: { name: entry.name, email: entry.email },
      returnPath,
      waitingListOffer: { entryId: entry._id, token: entry.token },
    },
    headers: { [HEADERS.idempotencyKey]: idempotencyKey },
    // The page says what went wrong next to the button.
    silent: true,
  });
  return response.result;
}
