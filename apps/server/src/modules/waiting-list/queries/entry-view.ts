import type { WaitingListEntryView } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { namesOf } from '../repo/describe.js';
import { entryByToken, positionOf, type WaitingListEntryRow } from '../repo/entries.js';

export const NOT_FOUND = 'This waiting list entry';

/** The entry a link opens, or 404 for any other id and token pair. */
export async function openEntry(db: DbOrTx, entryId: string, token: string): Promise<WaitingListEntryRow> {
  const entry = await entryByToken(db, entryId, hashToken(token));
  if (!entry) throw notFound(NOT_FOUND);
  return entry;
}

/** What the person sees: their place while waiting, the offer while it holds seats. */
export async function entryView(
  db: DbOrTx,
  entry: WaitingListEntryRow,
  token: string,
): Promise<WaitingListEntryView> {
  const names = await namesOf(db, entry.inventoryId);
  return {
    _id: entry.id,
    token,
    status: entry.status,
    position: await positionOf(db, entry),
    name: entry.name,
    email: entry.email,
    quantity: entry.quantity,
    offeredQuantity: entry.status === 'OFFERED' ? entry.offeredQuantity : 0,
    offerExpiresAt: entry.status === 'OFFERED' ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    event: {
      _id: entry.eventId,
      slug: names.eventSlug ?? entry.eventId,
      title: names.eventTitle,
      timeZone: names.timeZone,
    },
    occurrence:
      entry.occurrenceId && names.occurrenceStartsAt && names.occurrenceEndsAt
        ? {
            _id: entry.occurrenceId,
            startsAt: names.occurrenceStartsAt.toISOString(),
            endsAt: names.occurrenceEndsAt.toISOString(),
          }
        : null,
    ticketType: { _id: entry.ticketTypeId, name: names.ticketTypeName },
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function getWaitingListEntry(db: DbOrTx, entryId: string, token: string) {
  return entryView(db, await openEntry(db, entryId, token), token);
}
