import { WAITING_LIST_MESSAGES, type WaitingListEntryView } from '@marquee/contract';
import { conflict } from '../../../lib/errors.js';
import type { WaitingListDeps } from '../deps.js';
import { entryView, openEntry } from '../queries/entry-view.js';
import { lockEntry } from '../repo/entries.js';
import { endEntry } from './end-entry.js';

/** leave-waiting-list: the person's own "Leave the list", opened by their link token. */
export async function leaveWaitingList(
  deps: WaitingListDeps,
  entryId: string,
  token: string,
  requestId: string,
): Promise<WaitingListEntryView> {
  const opened = await openEntry(deps.db, entryId, token);
  const left = await deps.unitOfWork(
    async (change) => {
      const entry = await lockEntry(change.tx, opened.id);
      if (!entry) throw conflict(WAITING_LIST_MESSAGES.notWaiting);
      const ended = await endEntry(change, deps.publicUrl, entry, 'LEFT');
      if (!ended) throw conflict(WAITING_LIST_MESSAGES.notWaiting);
      return ended;
    },
    { who: { system: 'buyer', requestId } },
  );
  return entryView(deps.db, left, token);
}
