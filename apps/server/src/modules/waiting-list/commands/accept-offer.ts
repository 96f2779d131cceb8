import { WAITING_LIST_MESSAGES as M } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { Change } from '../../../db/unit-of-work.js';
import { AppError } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { acceptEntry, entryByToken } from '../repo/entries.js';
import { lockLine } from '../repo/lines.js';
import { giveBackToSale, lockPool, setPool } from '../repo/seats.js';

const FIELD = 'waitingListOffer';
const refuse = (message: string) => new AppError(409, message, [{ field: FIELD, message }]);

/** The seats an offer link holds now (the checkout's early "is there room" check counts them). */
export async function seatsHeldByOffer(
  db: DbOrTx,
  offer: { entryId: string; token: string },
  now: Date,
): Promise<{ inventoryId: string; seats: number } | null> {
  const entry = await entryByToken(db, offer.entryId, hashToken(offer.token));
  if (entry?.status !== 'OFFERED' || !entry.offerExpiresAt || entry.offerExpiresAt <= now) return null;
  return { inventoryId: entry.inventoryId, seats: entry.offeredQuantity };
}

/**
 * The checkout takes an offer (in the checkout's unit of work, before it reserves its seats): the
 * entry OFFERED → ACCEPTED by a guarded UPDATE that also checks the deadline, so an offer is used once
 * and never after it expired; the seats it held are handed to the checkout (given back to sale inside
 * this transaction, whose lock on the inventory row keeps anyone else from taking them before the
 * checkout's own guarded UPDATE re-takes them). Seats of the offer the order does not use go back to
 * the line's pool for the next person.
 */
export async function acceptOffer(
  change: Change,
  offer: { entryId: string; token: string },
  bookingId: string,
  lines: { inventoryId: string; quantity: number; index: number }[],
): Promise<void> {
  const entry = await entryByToken(change.tx, offer.entryId, hashToken(offer.token));
  if (!entry) throw refuse(M.offerGone);
  const line = lines.find((l) => l.inventoryId === entry.inventoryId);
  if (!line) throw refuse(M.offerOtherType);
  if (line.quantity > entry.offeredQuantity) {
    const message = M.offerTooMany(entry.offeredQuantity);
    throw new AppError(409, message, [{ field: `lines.${line.index}.quantity`, message }]);
  }
  await lockLine(change.tx, entry.inventoryId);
  const accepted = await acceptEntry(change.tx, entry.id, bookingId, change.now);
  if (!accepted) throw refuse(M.offerGone);
  await giveBackToSale(change.tx, entry.inventoryId, line.quantity);
  const unused = entry.offeredQuantity - line.quantity;
  if (unused > 0) {
    const held = await lockPool(change.tx, entry.inventoryId, change.now);
    await setPool(change.tx, entry.inventoryId, held + unused, change.now);
  }
  await change.audit({
    action: 'WAITING_LIST_OFFER_ACCEPTED',
    entityType: 'WAITING_LIST_ENTRY',
    entityId: entry.id,
    organizationId: entry.organizationId,
    before: { status: 'OFFERED', seats: entry.offeredQuantity },
    after: { status: 'ACCEPTED', bookingId, seats: line.quantity },
  });
}
