import type { Who } from '../../../db/audit.js';
import type { OrganizationDeps } from '../deps.js';
import * as repo from '../organizations.repo.js';
import { checkedTimeZone, type ProfileInput, profileValues } from '../profile-values.js';
import { loadOrganization, ORGANIZATION_ENTITY } from './change-organization.js';

/** Approved organizers create organizations and own them; every setting starts at its default. */
export function createOrganization(deps: OrganizationDeps, who: Who, input: ProfileInput) {
  return deps.unitOfWork(
    async ({ tx, now, audit }) => {
      const row = await repo.insertOrganization(tx, {
        ...profileValues(input),
        ownerId: who.actor.user.id,
        currency: input.currency ?? deps.defaultCurrency,
        timeZone: checkedTimeZone(input.timeZone) ?? 'UTC',
        createdAt: now,
        updatedAt: now,
      });
      await audit({
        action: 'ORGANIZATION_CREATED',
        entityType: ORGANIZATION_ENTITY,
        entityId: row.id,
        organizationId: row.id,
        after: row,
      });
      return loadOrganization(tx, who, row.id);
    },
    { who },
  );
}
