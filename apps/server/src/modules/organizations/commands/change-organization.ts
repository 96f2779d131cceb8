import type { Organization } from '@marquee/contract';
import type { Who } from '../../../db/audit.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../../lib/access/index.js';
import type { OrganizationDeps } from '../deps.js';
import * as repo from '../organizations.repo.js';
import { roleFor, toOrganization } from '../views.js';

/** Audit snapshots leave out nothing secret; an organization has no secrets, so the row is kept whole. */
export const ORGANIZATION_ENTITY = 'ORGANIZATION';

type OrganizationValues = Parameters<typeof repo.updateOrganization>[2];

/** The organization as answered after a change, read in the change's transaction. */
export async function loadOrganization(
  tx: Parameters<typeof repo.findOrganization>[0],
  who: Who,
  id: string,
): Promise<Organization> {
  const row = await repo.findOrganization(tx, id);
  if (!row) throw new Error('organization vanished');
  return toOrganization(row, roleFor(who.actor, row.row));
}

/**
 * One change of an organization the actor manages: the grant re-confirmed on the locked row (an owner
 * changed or an administrator demoted meanwhile is refused), changed, audited, in one unit of work.
 */
export function changeOrganization(
  deps: OrganizationDeps,
  who: Who,
  grant: OrganizationGrant,
  action: string,
  values: (current: repo.OrganizationRow) => OrganizationValues,
) {
  return deps.unitOfWork(
    async ({ tx, now, audit }) => {
      const { organization } = await confirmOrganizationGrant(tx, who.actor, grant, 'manage');
      const after = await repo.updateOrganization(tx, organization.id, {
        ...values(organization),
        updatedAt: now,
      });
      await audit({
        action,
        entityType: ORGANIZATION_ENTITY,
        entityId: organization.id,
        organizationId: organization.id,
        before: organization,
        after,
      });
      return loadOrganization(tx, who, organization.id);
    },
    { who },
  );
}
