import type { Change } from '../../db/unit-of-work.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { enqueueEmail } from '../messages/index.js';
import { entryPageUrl, offerEmail } from './emails.js';
import { namesOf } from './repo/describe.js';
import { moveEntry, nextWaiting, type WaitingListEntryRow } from './repo/entries.js';
import { lockLine } from './repo/lines.js';
import { giveBackToSale, lockPool, setPool } from './repo/seats.js';

export const OFFER_EMAIL = 'waiting-list-offer';
export const JOINED_EMAIL = 'waiting-list-joined';

/**
 * Makes one offer in the caller's unit of work: the entry WAITING → OFFERED with `seats` held (already
 * counted in the inventory's `sold` by the caller), a fresh offer token, its email in the outbox and
 * its audit entry. Null when the entry was no longer waiting.
 */
export async function makeOffer(
  change: Change,
  publicUrl: string,
  entry: WaitingListEntryRow,
  seats: number,
  offerHours: number,
  how: 'IN_ORDER' | 'BY_HAND',
): Promise<WaitingListEntryRow | null> {
  const token = newToken();
  const until = new Date(change.now.getTime() + offerHours * 3_600_000);
  const offered = await moveEntry(change.tx, entry.id, ['WAITING'], {
    status: 'OFFERED',
    offeredQuantity: seats,
    offerTokenHash: hashToken(token),
    offeredAt: change.now,
    offerExpiresAt: until,
    updatedAt: change.now,
  });
  if (!offered) return null;
  const names = await namesOf(change.tx, entry.inventoryId);
  const url = entryPageUrl(publicUrl, names.eventSlug ?? entry.eventId, entry.id, token);
  await enqueueEmail(
    change,
    offerEmail(entry.email, {
      eventTitle: names.eventTitle,
      ticketTypeName: names.ticketTypeName,
      timeZone: names.timeZone,
      startsAt: names.occurrenceStartsAt,
      seats,
      until,
      url,
    }),
    {
      kind: OFFER_EMAIL,
      intentKey: `${OFFER_EMAIL}:${entry.id}:${change.now.toISOString()}`,
      eventId: entry.eventId,
      organizationId: entry.organizationId,
      data: { entryId: entry.id },
    },
  );
  await change.audit({
    action: 'WAITING_LIST_OFFERED',
    entityType: 'WAITING_LIST_ENTRY',
    entityId: entry.id,
    organizationId: entry.organizationId,
    before: { status: 'WAITING' },
    after: { status: 'OFFERED', seats, until: until.toISOString(), how },
  });
  return offered;
}

/**
 * Hands a line's kept seats to the people waiting, in order, in the caller's unit of work: the first
 * in line is offered what they asked for, or what is kept when that is less. The inventory row and
 * then the pool row are locked (the trigger's order), so two sweeps cannot offer the same seats.
 * Seats nobody waits for (or a closed list's) go back to sale. Returns the offers made.
 */
export async function offerKeptSeats(
  change: Change,
  publicUrl: string,
  inventoryId: string,
): Promise<number> {
  const line = await lockLine(change.tx, inventoryId);
  if (!line) return 0;
  let held = await lockPool(change.tx, inventoryId, change.now);
  let made = 0;
  while (held > 0 && line.open && line.enabled) {
    const next = await nextWaiting(change.tx, inventoryId);
    if (!next) break;
    const seats = Math.min(next.quantity, held);
    if (!(await makeOffer(change, publicUrl, next, seats, line.offerHours, 'IN_ORDER'))) break;
    held -= seats;
    made += 1;
  }
  if (held > 0) {
    const waiting = line.open && line.enabled ? await nextWaiting(change.tx, inventoryId) : null;
    if (!waiting) {
      await giveBackToSale(change.tx, inventoryId, held);
      await change.audit({
        action: 'WAITING_LIST_SEATS_RELEASED',
        entityType: 'TICKET_INVENTORY',
        entityId: inventoryId,
        organizationId: line.organizationId,
        after: { seats: held },
      });
      held = 0;
    }
  }
  await setPool(change.tx, inventoryId, held, change.now);
  return made;
}

/**
 * An offer that ends unused (expired, left, removed): its seats go back to the line's pool, to be
 * offered to the next person by the caller's `offerKeptSeats`.
 */
export async function returnOfferedSeats(change: Change, entry: WaitingListEntryRow): Promise<void> {
  if (entry.offeredQuantity <= 0) return;
  await lockLine(change.tx, entry.inventoryId);
  const held = await lockPool(change.tx, entry.inventoryId, change.now);
  await setPool(change.tx, entry.inventoryId, held + entry.offeredQuantity, change.now);
}
