import type { PayoutInfo } from '@marquee/contract';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import { askProvider, type PayoutDeps, payoutInfo } from '../deps.js';
import * as repo from '../payouts.repo.js';

/** The stored payout status, refreshed from the provider (and audited) when it changed there. */
export async function refreshPayoutStatus(
  deps: PayoutDeps,
  who: Who,
  grant: OrganizationGrant,
): Promise<PayoutInfo> {
  const { organization } = grant;
  if (!organization.payoutAccountId) return payoutInfo(deps, organization);
  const accountId = organization.payoutAccountId;
  const current = await askProvider(deps, () => deps.payments.getAccountStatus(accountId));
  if (current === organization.payoutStatus) return payoutInfo(deps, organization);
  const updated = await deps.unitOfWork(
    async ({ tx, now, audit }) => {
      const confirmed = await confirmOrganizationGrant(tx, who.actor, grant, 'manage');
      const after = await repo.changePayoutStatus(
        tx,
        organization.id,
        organization.payoutStatus,
        current,
        now,
      );
      // Another call recorded this (or a newer) status meanwhile: nothing to audit twice.
      if (!after) return confirmed.organization;
      await audit({
        action: 'PAYOUT_STATUS_CHANGED',
        entityType: 'ORGANIZATION',
        entityId: organization.id,
        organizationId: organization.id,
        before: { payoutStatus: organization.payoutStatus },
        after: { payoutStatus: current },
      });
      return after;
    },
    { who },
  );
  return payoutInfo(deps, updated);
}
