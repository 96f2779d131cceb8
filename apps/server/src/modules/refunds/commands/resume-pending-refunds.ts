import type { EngineDeps } from '../deps.js';
import { stalePendingRefunds } from '../repo/refunds.js';
import { finishRefund } from './finish-refund.js';

/** Finishes refunds left PENDING (a crash, a provider outage) for longer than `olderThanMs`. */
export async function resumePendingRefunds(deps: EngineDeps, olderThanMs = 60_000): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  let finished = 0;
  for (const { id } of await stalePendingRefunds(deps.db, before)) {
    if ((await finishRefund(deps, id)).status !== 'PENDING') finished += 1;
  }
  return finished;
}
