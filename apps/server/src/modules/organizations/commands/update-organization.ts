import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import type { OrganizationDeps } from '../deps.js';
import { checkedTimeZone, type ProfileInput, profileValues } from '../profile-values.js';
import { changeOrganization } from './change-organization.js';

/** The organization's profile; currency and zone keep their values when the form leaves them out. */
export function updateOrganization(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  input: ProfileInput,
) {
  return changeOrganization(deps, who, grant, 'ORGANIZATION_UPDATED', (current) => ({
    ...profileValues(input),
    currency: input.currency ?? current.currency,
    timeZone: checkedTimeZone(input.timeZone) ?? current.timeZone,
  }));
}
