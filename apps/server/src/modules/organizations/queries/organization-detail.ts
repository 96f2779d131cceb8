import type { Db } from '../../../db/client.js';
import type { OrganizationGrant } from '../../../lib/access/index.js';
import * as repo from '../organizations.repo.js';
import { toOrganization } from '../views.js';

/** The organization the route resolved, as the actor may see it. */
export async function organizationDetail(db: Db, grant: OrganizationGrant) {
  const row = await repo.findOrganization(db, grant.organization.id);
  if (!row) throw new Error('organization vanished');
  return toOrganization(row, grant.role);
}
