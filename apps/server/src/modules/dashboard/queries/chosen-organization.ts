import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { type OrganizationRow, organizations } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { organizationScope } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';

export interface ChosenOrganization {
  organization: OrganizationRow;
  /** Owner or administrator: may see the organization's payout state. */
  canManage: boolean;
}

/**
 * The one organization a dashboard is asked about, among those the caller may read (the lists' scope,
 * `organizationScope`): 404 when it is not one of them; null when none is named (all of theirs).
 *
 * The dashboards' declaration stays `console` (403 to callers with no console role, whatever they name):
 * a resource rule cannot yet say "this role, and the organization when one is named", so the optional
 * filter is read here inside the caller's scope.
 */
export async function chosenOrganization(
  db: DbOrTx,
  actor: Actor,
  organizationId: string | undefined,
): Promise<ChosenOrganization | null> {
  if (!organizationId) return null;
  const manage = organizationScope(actor, 'manage');
  const [chosen] = await db
    .select({ organization: organizations, canManage: manage ? sql<boolean>`${manage}` : sql<boolean>`true` })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationScope(actor, 'read')));
  if (!chosen) throw notFound('The organization');
  return chosen;
}
