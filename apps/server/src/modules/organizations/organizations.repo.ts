import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type PageWindow, paged } from '../../db/list.js';
import {
  type MemberRow,
  type OrganizationRow,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema/index.js';
import { defineMachine } from '../../db/state-machine.js';

export type { MemberRow, OrganizationRow, SocialLinks } from '../../db/schema/index.js';

export const activeMemberCountSql = sql<number>`(select count(*)::int from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizations.id} and ${organizationMembers.status} = 'ACTIVE')`;

/** An organization with what its answer shows besides its own columns. */
export const organizationColumns = {
  row: organizations,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerUsername: users.username,
  ownerEmail: users.email,
  activeMemberCount: activeMemberCountSql,
};

export function selectOrganizations(db: DbOrTx) {
  return db
    .select(organizationColumns)
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerId));
}

export const organizationRows = (db: DbOrTx, window: PageWindow) =>
  paged(selectOrganizations(db).$dynamic(), window);

export type OrganizationWithOwner = Awaited<
  ReturnType<ReturnType<typeof selectOrganizations>['execute']>
>[number];

export async function findOrganization(db: DbOrTx, id: string) {
  const [row] = await selectOrganizations(db).where(eq(organizations.id, id));
  return row;
}

export async function countOrganizations(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(organizations).where(where);
  return row?.n ?? 0;
}

export async function insertOrganization(db: DbOrTx, values: typeof organizations.$inferInsert) {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not created');
  return row;
}

export async function updateOrganization(
  db: DbOrTx,
  id: string,
  values: Partial<typeof organizations.$inferInsert>,
): Promise<OrganizationRow> {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  if (!row) throw new Error('organization vanished');
  return row;
}

// Members -------------------------------------------------------------------------------------------

/**
 * A team member: invited, active once the invitation is accepted, then switched off and on by whoever
 * manages the organization. Setting the status a member already has is allowed (and audited) as before.
 * Removal deletes the row.
 */
export const memberMachine = defineMachine({
  label: 'member',
  entityType: 'ORGANIZATION_MEMBER',
  table: organizationMembers,
  moves: {
    INVITED: ['ACTIVE'],
    ACTIVE: ['ACTIVE', 'INACTIVE'],
    INACTIVE: ['ACTIVE', 'INACTIVE'],
  },
});

export const memberColumns = { row: organizationMembers, organizationName: organizations.name };

export function selectMembers(db: DbOrTx) {
  return db
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId));
}

export const memberRows = (db: DbOrTx, window: PageWindow) => paged(selectMembers(db).$dynamic(), window);

export async function findMember(db: DbOrTx, id: string) {
  const [row] = await selectMembers(db).where(eq(organizationMembers.id, id));
  return row;
}

export async function findMemberByEmail(db: DbOrTx, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        sql`lower(${organizationMembers.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

export async function countMembers(db: DbOrTx, where: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(where);
  return row?.n ?? 0;
}

export async function insertMember(db: DbOrTx, values: typeof organizationMembers.$inferInsert) {
  const [row] = await db.insert(organizationMembers).values(values).returning();
  if (!row) throw new Error('member not created');
  return row;
}

export async function updateMember(
  db: DbOrTx,
  id: string,
  values: Partial<typeof organizationMembers.$inferInsert>,
): Promise<MemberRow> {
  const [row] = await db
    .update(organizationMembers)
    .set(values)
    .where(eq(organizationMembers.id, id))
    .returning();
  if (!row) throw new Error('member vanished');
  return row;
}

/** Deletes the member; undefined when another call deleted it first. */
export async function deleteMember(db: DbOrTx, id: string) {
  const [row] = await db.delete(organizationMembers).where(eq(organizationMembers.id, id)).returning();
  return row;
}

/** The INVITED membership an invitation token was sent for, locked while it is accepted. */
export async function findInvitedMemberByToken(db: DbOrTx, tokenId: string) {
  const [row] = await db
    .select({ row: organizationMembers, organizationName: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.invitationTokenId, tokenId), eq(organizationMembers.status, 'INVITED')))
    .for('update', { of: organizationMembers });
  return row;
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

export function findUserByUsername(db: DbOrTx, username: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.username}) = ${username.toLowerCase()}` });
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not created');
  return row;
}

/** Owners of at least one organization, with how many they own; at most `limit`, by name. */
export function listOwners(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      organizationCount: count(organizations.id),
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerId))
    .where(where)
    .groupBy(users.id)
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(limit);
}

export function findUserById(db: DbOrTx, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}
