import type { WaitingListSummary } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { demandOf, settingsOf } from '../repo/settings.js';

export async function waitingListSummary(db: DbOrTx, eventId: string): Promise<WaitingListSummary> {
  return { ...(await settingsOf(db, eventId)), ...(await demandOf(db, eventId)) };
}
