import { WAITING_LIST_MESSAGES } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { Organizer, WaitingListDeps } from '../deps.js';
import { entryListItem } from '../queries/entry-list.js';
import { NOT_FOUND } from '../queries/entry-view.js';
import { lockEntry } from '../repo/entries.js';
import { endEntry } from './end-entry.js';

/** remove-waiting-list-entry: an organizer takes someone off the list; an open offer passes on. */
export async function removeWaitingListEntry(deps: WaitingListDeps, organizer: Organizer, entryId: string) {
  const eventId = organizer.event.event.id;
  const removed = await deps.unitOfWork(async (change) => {
    await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const entry = await lockEntry(change.tx, entryId);
    if (!entry || entry.eventId !== eventId) throw notFound(NOT_FOUND);
    const ended = await endEntry(change, deps.publicUrl, entry, 'REMOVED');
    if (!ended) throw conflict(WAITING_LIST_MESSAGES.notWaiting);
    return ended;
  });
  return entryListItem(deps.db, removed);
}
