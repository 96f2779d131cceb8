import { type JoinWaitingListBody, joinWaitingList, type WaitingListEntryView } from '@marquee/contract';
import { http } from '../../../lib/http';

export async function join(body: JoinWaitingListBody): Promise<WaitingListEntryView> {
  return (await http(joinWaitingList, { body })).result;
}
