import { leaveWaitingList, type WaitingListEntryView } from '@marquee/contract';
import { http } from '../../../lib/http';

export async function leave(entryId: string, token: string): Promise<WaitingListEntryView> {
  return (await http(leaveWaitingList, { body: { entryId, token } })).result;
}
