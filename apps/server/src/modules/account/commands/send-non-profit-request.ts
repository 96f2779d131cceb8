import type { NonProfitBody, NonProfitDetail } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import * as repo from '../account.repo.js';
import { ACCOUNT_AUDIT, auditAccount } from '../audit.js';
import type { AccountDeps } from '../deps.js';
import { toNonProfitDetail } from '../queries/non-profit-detail.js';

/**
 * A user asks for the non-profit exemption: a first request, or new details for a pending or rejected
 * one (back to PENDING, the earlier decision cleared). An approved exemption is a 409.
 */
export async function sendNonProfitRequest(
  deps: AccountDeps,
  actor: Actor,
  body: NonProfitBody,
): Promise<NonProfitDetail> {
  const row = await deps.unitOfWork(async (change) => {
    const values = { userId: actor.user.id, ...body, submittedAt: change.now };
    const requested = (before: string | null) =>
      auditAccount(change, actor.user.id, {
        action: ACCOUNT_AUDIT.nonProfitRequested,
        before: { nonProfit: before },
        after: { nonProfit: 'PENDING', details: body },
      });
    const first = await repo.insertNonProfitIfAbsent(change.tx, values);
    if (first) {
      await requested(null);
      return first;
    }
    const earlier = await repo.lockNonProfit(change.tx, actor.user.id);
    const again = await transition(change, repo.nonProfitMachine, {
      id: actor.user.id,
      to: 'PENDING',
      set: { ...values, decidedAt: null },
    });
    if (!again) throw conflict('Your non-profit exemption is already approved.');
    await requested(earlier?.status ?? null);
    return again;
  });
  return toNonProfitDetail(row);
}
