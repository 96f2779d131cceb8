import type { JoinWaitingListBody, WaitingListEntryView } from '@marquee/contract';
import { http, loadRoute } from '../../../lib/http';

/** Joins a sold-out ticket type's waiting list; the call's contract loads on the first join (waiting-list-contract.ts). */
export async function join(body: JoinWaitingListBody): Promise<WaitingListEntryView> {
  const route = await loadRoute(async () => (await import('./waiting-list-contract')).joinWaitingList);
  return (await http(route, { body })).result;
}
