import type { OrganizationGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { askProvider, type PayoutDeps } from '../deps.js';

/** A link into the provider's dashboard for the organization's payout account. */
export async function payoutDashboardLink(deps: PayoutDeps, grant: OrganizationGrant) {
  const accountId = grant.organization.payoutAccountId;
  if (!accountId) throw conflict('Set up payouts first: this organization has no payout account yet.');
  return askProvider(deps, () => deps.payments.createDashboardLink(accountId));
}
