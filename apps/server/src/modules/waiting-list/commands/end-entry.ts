import type { Change } from '../../../db/unit-of-work.js';
import { offerKeptSeats, returnOfferedSeats } from '../offering.js';
import { moveEntry, type WaitingListEntryRow } from '../repo/entries.js';

/**
 * Takes a person off the list (they left, or an organizer removed them) in the caller's unit of
 * work: an offer not used yet gives its seats to the next in line. Null when the entry was no longer
 * waiting or offered.
 */
export async function endEntry(
  change: Change,
  publicUrl: string,
  entry: WaitingListEntryRow,
  to: 'LEFT' | 'REMOVED',
): Promise<WaitingListEntryRow | null> {
  const ended = await moveEntry(change.tx, entry.id, ['WAITING', 'OFFERED'], {
    status: to,
    updatedAt: change.now,
  });
  if (!ended) return null;
  if (entry.status === 'OFFERED') {
    await returnOfferedSeats(change, entry);
    await offerKeptSeats(change, publicUrl, entry.inventoryId);
  }
  await change.audit({
    action: to === 'LEFT' ? 'WAITING_LIST_LEFT' : 'WAITING_LIST_REMOVED',
    entityType: 'WAITING_LIST_ENTRY',
    entityId: entry.id,
    organizationId: entry.organizationId,
    before: { status: entry.status, offeredQuantity: entry.offeredQuantity },
    after: { status: to },
  });
  return ended;
}
