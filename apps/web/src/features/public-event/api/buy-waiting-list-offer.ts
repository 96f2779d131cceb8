import { type BuyerBooking, createBooking, HEADERS, type WaitingListEntryView } from '@marquee/contract';
import { http } from '../../../lib/http';

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
