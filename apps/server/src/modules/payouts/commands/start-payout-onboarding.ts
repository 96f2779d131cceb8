import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import { askProvider, type PayoutDeps, payoutInfo, payoutsTabUrl } from '../deps.js';
import * as repo from '../payouts.repo.js';

/**
 * Creates the organization's payout account once and answers an onboarding link. The provider is
 * asked first, keyed by the organization so that racing calls get one account; its answer is then
 * recorded by a guarded update in a short unit of work, audited once however many calls race.
 */
export async function startPayoutOnboarding(deps: PayoutDeps, who: Who, grant: OrganizationGrant) {
  let organization = grant.organization;
  const organizationId = organization.id;
  if (!organization.payoutAccountId) {
    const email = organization.contactEmail ?? who.actor.user.email;
    const { accountId } = await askProvider(deps, () =>
      deps.payments.createAccount({ organizationId, email }),
    );
    organization = await deps.unitOfWork(
      async ({ tx, now, audit }) => {
        // The actor may have lost the organization while the provider answered.
        const confirmed = await confirmOrganizationGrant(tx, who.actor, grant, 'manage');
        const claimed = await repo.claimPayoutAccount(tx, organizationId, accountId, now);
        if (!claimed) return confirmed.organization;
        await audit({
          action: 'PAYOUT_ACCOUNT_CREATED',
          entityType: 'ORGANIZATION',
          entityId: organizationId,
          organizationId,
          before: { payoutAccountId: null, payoutStatus: confirmed.organization.payoutStatus },
          after: { payoutAccountId: accountId, payoutStatus: claimed.payoutStatus },
        });
        return claimed;
      },
      { who },
    );
  }
  const accountId = organization.payoutAccountId ?? '';
  const { url } = await askProvider(deps, () =>
    deps.payments.createOnboardingLink({
      accountId,
      returnUrl: payoutsTabUrl(deps, organizationId, '&onboarding=return'),
      refreshUrl: payoutsTabUrl(deps, organizationId, '&onboarding=refresh'),
    }),
  );
  return { ...payoutInfo(deps, organization), url };
}
