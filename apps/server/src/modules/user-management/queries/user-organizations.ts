import type { UserOrganization } from '@marquee/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { events, eventTeam, organizationMembers, organizations } from '../../../db/schema/index.js';
import { requireUser } from './require-user.js';

/** get-user-organizer-list: the organizations a user owns first, then their memberships; each with its event count. */
export async function userOrganizations(db: Db, userId: string): Promise<UserOrganization[]> {
  await requireUser(db, userId);
  const eventCount = sql<number>`(select count(*)::int from ${events} where ${events.organizationId} = ${organizations.id})`;
  const [owned, memberships] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
        currency: organizations.currency,
        createdAt: organizations.createdAt,
        eventCount,
      })
      .from(organizations)
      .where(eq(organizations.ownerId, userId))
      .orderBy(asc(organizations.name), asc(organizations.id)),
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        logo: organizations.logo,
        currency: organizations.currency,
        status: organizationMembers.status,
        since:
          sql<Date>`coalesce(${organizationMembers.acceptedAt}, ${organizationMembers.createdAt})`.mapWith(
            organizationMembers.createdAt,
          ),
        roles: sql<
          string[]
        >`coalesce((select array_agg(distinct ${eventTeam.role}::text order by ${eventTeam.role}::text) from ${eventTeam} where ${eventTeam.memberId} = ${organizationMembers.id}), '{}')`,
        eventCount,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(organizationMembers.userId, userId))
      .orderBy(asc(organizations.name), asc(organizations.id)),
  ]);
  return [
    ...owned.map((o) => ({
      _id: o.id,
      name: o.name,
      logo: o.logo,
      currency: o.currency,
      relation: 'OWNER' as const,
      status: 'ACTIVE' as const,
      eventRoles: [],
      eventCount: o.eventCount,
      since: o.createdAt.toISOString(),
    })),
    ...memberships.map((m) => ({
      _id: m.id,
      name: m.name,
      logo: m.logo,
      currency: m.currency,
      relation: 'MEMBER' as const,
      status: m.status,
      eventRoles: (m.roles ?? []) as UserOrganization['eventRoles'],
      eventCount: m.eventCount,
      since: new Date(m.since).toISOString(),
    })),
  ];
}
