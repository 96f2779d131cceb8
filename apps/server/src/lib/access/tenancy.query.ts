import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type OrganizationRow, organizationMembers, organizations } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import { type Actor, isAdmin } from './actor.js';

/**
 * The one place that decides what an actor may see and do of an organization. Every organizer call
 * (organizations, team, settings, payouts, and later events and orders) goes through
 * `requireOrganization` (through their route's access declaration, `plugins/access.ts`); anything the
 * actor may not see answers 404, so ids cannot be probed.
 *
 * | who                        | read | manage |
 * |----------------------------|------|--------|
 * | the owner                  | yes  | yes    |
 * | an ACTIVE member           | yes  | no     |
 * | an administrator           | yes  | yes (audit-logged like every change) |
 * | an INVITED/INACTIVE member, anyone else | 404 | 404 |
 *
 * Nothing is cached: an inactivated member is refused on their very next call.
 */
export type OrganizationAccess = 'read' | 'manage';
export type OrganizationRole = 'OWNER' | 'ADMIN' | 'MEMBER';

export interface OrganizationGrant {
  organization: OrganizationRow;
  role: OrganizationRole;
}

/** SQL: the user is an ACTIVE member of the organization in `organizationId`. */
function activeMembership(userId: string, organizationId: SQL | typeof organizations.id) {
  return sql`exists (select 1 from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizationId} and ${organizationMembers.userId} = ${userId} and ${organizationMembers.status} = 'ACTIVE')`;
}

/**
 * The organizations an actor may read, as a WHERE condition over `organizations` (lists);
 * undefined for administrators, who read all. `manage` narrows it to what the actor may change.
 */
export function organizationScope(actor: Actor, level: OrganizationAccess = 'read'): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  const own = eq(organizations.ownerId, actor.user.id);
  if (level === 'manage') return own;
  return or(own, activeMembership(actor.user.id, organizations.id));
}

/** What the actor is to one organization, or null when they may not see it at all. */
async function roleOf(
  db: DbOrTx,
  actor: Actor,
  organization: OrganizationRow,
): Promise<OrganizationRole | null> {
  if (organization.ownerId === actor.user.id) return 'OWNER';
  if (isAdmin(actor)) return 'ADMIN';
  const [member] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organization.id),
        eq(organizationMembers.userId, actor.user.id),
        eq(organizationMembers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return member ? 'MEMBER' : null;
}

/**
 * The organization, when the actor may `read` or `manage` it; otherwise a 404 naming `what`
 * ("The organization" by default; "The member" when reached through one of its members).
 * Pass the transaction when the caller changes the organization, and `lock` to hold its row.
 *
 * Exported only for the access layer: the resolvers behind plugins/access.ts and confirmOrganizationGrant.
 * Modules must not call it (their routes declare the access; a change re-checks with the confirm*Grant).
 */
export async function requireOrganization(
  db: DbOrTx,
  actor: Actor,
  organizationId: string,
  level: OrganizationAccess,
  options: { what?: string; lock?: boolean } = {},
): Promise<OrganizationGrant> {
  const query = db.select().from(organizations).where(eq(organizations.id, organizationId));
  const [organization] = options.lock ? await query.for('update') : await query;
  const refuse = () => notFound(options.what ?? 'The organization');
  if (!organization) throw refuse();
  const role = await roleOf(db, actor, organization);
  if (!role) throw refuse();
  if (level === 'manage' && role === 'MEMBER') throw refuse();
  return { organization, role };
}

/** True when the user is an ACTIVE member of at least one organization (the profile's `isOrganizationMember`). */
export async function hasActiveMembership(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<number>`1` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, 'ACTIVE')))
    .limit(1);
  return !!row;
}

export const tenancy = { requireOrganization, organizationScope, hasActiveMembership };
