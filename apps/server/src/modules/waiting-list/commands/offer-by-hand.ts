import { WAITING_LIST_MESSAGES as M } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import type { Organizer, WaitingListDeps } from '../deps.js';
import { makeOffer } from '../offering.js';
import { entryListItem } from '../queries/entry-list.js';
import { NOT_FOUND } from '../queries/entry-view.js';
import { lockEntry } from '../repo/entries.js';
import { lockLine } from '../repo/lines.js';
import { lockPool, setPool, takeFreeSeats } from '../repo/seats.js';

/**
 * offer-waiting-list-seats: an organizer offers seats to one waiting person out of turn. The seats come
 * from those kept for the line first, then from free seats (taken by the guarded UPDATE, as a checkout
 * would); when neither has enough, nothing changes and the answer is 409.
 */
export async function offerByHand(
  deps: WaitingListDeps,
  organizer: Organizer,
  input: { entryId: string; quantity?: number | undefined },
) {
  const eventId = organizer.event.event.id;
  const offered = await deps.unitOfWork(async (change) => {
    await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const found = await lockEntry(change.tx, input.entryId);
    if (!found || found.eventId !== eventId) throw notFound(NOT_FOUND);
    if (found.status !== 'WAITING') throw conflict(M.notWaiting);
    const seats = input.quantity ?? found.quantity;
    if (seats > found.quantity) {
      const message = `Offer at most the ${found.quantity} ${found.quantity === 1 ? 'seat' : 'seats'} asked for`;
      throw new AppError(400, message, [{ field: 'quantity', message }]);
    }
    const line = await lockLine(change.tx, found.inventoryId);
    if (!line?.open) throw conflict(M.closed);
    const held = await lockPool(change.tx, found.inventoryId, change.now);
    const fromPool = Math.min(held, seats);
    if (!(await takeFreeSeats(change.tx, found.inventoryId, seats - fromPool))) throw conflict(M.noSeats);
    await setPool(change.tx, found.inventoryId, held - fromPool, change.now);
    const made = await makeOffer(change, deps.publicUrl, found, seats, line.offerHours, 'BY_HAND');
    if (!made) throw conflict(M.notWaiting);
    return made;
  });
  return entryListItem(deps.db, offered);
}
