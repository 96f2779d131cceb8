import type { EngineDeps } from '../deps.js';
import { refundByProviderRef } from '../repo/refunds.js';
import { markRefundFailed, markRefundProcessed } from './finish-refund.js';

/** A refund the provider confirmed or refused later (its webhook): settled once, never repeated. */
export async function settleRefundFromProvider(
  deps: EngineDeps,
  input: {
    provider: string;
    providerRef: string;
    outcome: 'SUCCEEDED' | 'FAILED';
    failureReason?: string | null;
  },
): Promise<'PROCESSED' | 'FAILED' | 'ALREADY_SETTLED' | 'UNKNOWN'> {
  const row = await refundByProviderRef(deps.db, input.provider, input.providerRef);
  if (!row) return 'UNKNOWN';
  if (row.status !== 'PENDING') return 'ALREADY_SETTLED';
  const after =
    input.outcome === 'SUCCEEDED'
      ? await markRefundProcessed(deps, row.id, input.provider, input.providerRef)
      : await markRefundFailed(deps, row.id, input.failureReason ?? 'The provider refused the refund.');
  return after.status === 'PENDING' ? 'ALREADY_SETTLED' : after.status;
}
