import type { EventRole } from '@marquee/contract';
import { type AnyColumn, eq, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import {
  type EventRow,
  events,
  eventTeam,
  type OrganizationRow,
  organizationMembers,
  organizations,
} from '../../db/schema/index.js';
import { turnBatch } from '../../db/turn-batch.js';
import { notFound } from '../errors.js';
import { type Actor, isAdmin } from './actor.js';
import type { OrganizationGrant } from './tenancy.query.js';

/**
 * The one place that decides what an actor may do with an event (docs/events.md, role table). Every
 * event, order, refund and check-in call resolves its event here through its access declaration;
 * anything the actor may not reach answers 404 "The event was not found".
 *
 * | who                                   | read | manage | scan |
 * |---------------------------------------|------|--------|------|
 * | owner of the event's organization     | yes  | yes    | yes  |
 * | platform administrator                | yes  | yes    | yes  |
 * | ACTIVE member, event organizer of it  | yes  | yes    | yes  |
 * | ACTIVE member, scanner of it          | 404  | 404    | yes  |
 * | any other member, organizer or buyer  | 404  | 404    | 404  |
 *
 * Moderation that only administrators may do (block, verify) is checked by the service on top.
 */
export type EventLevel = 'read' | 'manage' | 'scan';

export interface EventGrant {
  event: EventRow;
  organization: OrganizationRow;
  role: EventRole;
}

const LEVELS: Record<EventRole, readonly EventLevel[]> = {
  OWNER: ['read', 'manage', 'scan'],
  ADMIN: ['read', 'manage', 'scan'],
  EVENT_ORGANIZER: ['read', 'manage', 'scan'],
  SCANNER: ['scan'],
};

export function roleAllows(role: EventRole, level: EventLevel): boolean {
  return LEVELS[role].includes(level);
}

/**
 * The team role of the actor on the event in the query's row, when they are an ACTIVE member of its
 * organization: a correlated subquery, so the event and the role come back in one round trip.
 */
const teamRoleOf = (userId: string | Placeholder) =>
  sql<EventRole | null>`(select ${eventTeam.role}::text from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${eventTeam.eventId} = ${events.id} and ${organizationMembers.userId} = ${userId} and ${organizationMembers.status} = 'ACTIVE' limit 1)`;

// Read on every event call (a door's every scan): built and planned once (db/prepared.ts).
const eventWithRole = preparedStatement((db) =>
  db
    .select({ event: events, organization: organizations, teamRole: teamRoleOf(sql.placeholder('userId')) })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, sql.placeholder('eventId')))
    .prepare('access_event_with_role'),
);

type EventWithRoleRow = Awaited<ReturnType<ReturnType<typeof eventWithRole>['execute']>>[number];

/**
 * The reads of one turn of the event loop (db/turn-batch.ts): the same event asked by the same user while
 * the statement is not sent yet share it (a door's concurrent scans: one statement instead of one per
 * scan). Nothing is kept once it is sent, so each lookup is decided by a statement sent after it was asked.
 */
const readEventsOfTurn = turnBatch(async (db: DbOrTx, keys: string[]) => {
  const rows = await Promise.all(
    keys.map((key) => {
      const [eventId, userId] = key.split(' ');
      return eventWithRole(db)
        .execute({ eventId, userId })
        .then((found) => [key, found[0]] as const);
    }),
  );
  return new Map<string, EventWithRoleRow | undefined>(rows);
});

function readEventWithRole(db: DbOrTx, eventId: string, userId: string) {
  return readEventsOfTurn(db, `${eventId} ${userId}`);
}

/** What the actor is to the event, or null when they may not see it at all. */
function eventRoleOf(
  actor: Actor,
  organization: OrganizationRow,
  teamRole: EventRole | null,
): EventRole | null {
  if (organization.ownerId === actor.user.id) return 'OWNER';
  if (isAdmin(actor)) return 'ADMIN';
  return teamRole;
}

/**
 * The event and what the actor is to it, when `level` is allowed; otherwise 404. Pass the transaction
 * and `lock` when the caller changes the event (the event row is held FOR UPDATE). One statement: the
 * event, its organization and the actor's team role (a door checks this on every scan).
 *
 * Exported only for the access layer: the resolvers behind plugins/access.ts and confirmEventGrant.
 * Modules must not call it (their routes declare the access; a change re-checks with the confirm*Grant).
 */
export async function requireEvent(
  db: DbOrTx,
  actor: Actor,
  eventId: string,
  level: EventLevel,
  /** `what`: the 404 names what was asked for ("The order" when reached through one of its orders). */
  options: { lock?: boolean; what?: string } = {},
): Promise<EventGrant> {
  const row = options.lock
    ? (
        await db
          .select({ event: events, organization: organizations, teamRole: teamRoleOf(actor.user.id) })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .where(eq(events.id, eventId))
          .for('update', { of: events })
      )[0]
    : await readEventWithRole(db, eventId, actor.user.id);
  const what = options.what ?? 'The event';
  if (!row) throw notFound(what);
  const role = eventRoleOf(actor, row.organization, row.teamRole);
  if (!role || !roleAllows(role, level)) throw notFound(what);
  // Copies: a read shared by several calls of one turn hands each its own rows.
  return { event: { ...row.event }, organization: { ...row.organization }, role };
}

/** The organization grant an event grant implies (what `ctx.grant` carries on event routes). */
export function organizationGrantOf(grant: EventGrant): OrganizationGrant {
  const role = grant.role === 'OWNER' ? 'OWNER' : grant.role === 'ADMIN' ? 'ADMIN' : 'MEMBER';
  return { organization: grant.organization, role };
}

/** Where a row names its event and the event's organization (a row of `events`, or e.g. an order). */
export interface EventColumns {
  eventId: AnyColumn;
  organizationId: AnyColumn;
}

const EVENT_ROW: EventColumns = { eventId: events.id, organizationId: events.organizationId };

/**
 * The events an actor may see in lists, as a WHERE condition over `events`; undefined for
 * administrators. `manage` leaves out events where the actor is only a scanner. `on` applies it to
 * another table's copy of the event and organization ids (an order's), so a count need not join events.
 */
export function eventScope(
  actor: Actor,
  level: EventLevel = 'scan',
  on: EventColumns = EVENT_ROW,
): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  return or(
    sql`${on.organizationId} in (${ownedOrganizations(actor)})`,
    sql`exists (select 1 from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${eventTeam.eventId} = ${on.eventId} and ${organizationMembers.userId} = ${actor.user.id} and ${organizationMembers.status} = 'ACTIVE' and ${eventTeam.role} in ${teamRoles(level)})`,
  );
}

const ownedOrganizations = (actor: Actor) =>
  sql`select ${organizations.id} from ${organizations} where ${organizations.ownerId} = ${actor.user.id}`;
const teamRoles = (level: EventLevel) =>
  level === 'scan' ? sql`('EVENT_ORGANIZER', 'SCANNER')` : sql`('EVENT_ORGANIZER')`;

/**
 * `eventScope` read first, for the lists at scale: the organizations the actor owns and the events they
 * have a role on (one query), then compared as values. The planner then knows from its statistics how
 * many orders such an organization has and walks them on its own index (bookings_organization_idx),
 * where the condition with subqueries made it walk every order newest first to find an organizer's 20:
 * 1–4 s at 1,000,000 orders, the longest for an organizer with none.
 */
export async function resolvedEventScope(
  db: DbOrTx,
  actor: Actor,
  level: EventLevel = 'scan',
  on: EventColumns = EVENT_ROW,
): Promise<SQL | undefined> {
  if (isAdmin(actor)) return undefined;
  const { rows } = await db.execute<{ kind: 'organization' | 'event'; id: string }>(
    sql`select 'organization' as kind, ${organizations.id} as id from ${organizations} where ${organizations.ownerId} = ${actor.user.id}
      union all
      select 'event', ${eventTeam.eventId} from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${organizationMembers.userId} = ${actor.user.id} and ${organizationMembers.status} = 'ACTIVE' and ${eventTeam.role} in ${teamRoles(level)}`,
  );
  const ids = (kind: 'organization' | 'event') =>
    rows.filter((row) => row.kind === kind).map((row) => row.id);
  const [owned, withRole] = [ids('organization'), ids('event')];
  return (
    or(
      owned.length ? inArray(on.organizationId, owned) : undefined,
      withRole.length ? inArray(on.eventId, withRole) : undefined,
    ) ?? sql`false`
  );
}

/** SQL: the actor's role on the row of `events` in the query (for lists' `myRole`). */
export function myEventRole(actor: Actor): SQL<EventRole> {
  if (isAdmin(actor)) {
    return sql<EventRole>`case when exists (select 1 from ${organizations} where ${organizations.id} = ${events.organizationId} and ${organizations.ownerId} = ${actor.user.id}) then 'OWNER' else 'ADMIN' end`;
  }
  return sql<EventRole>`case when exists (select 1 from ${organizations} where ${organizations.id} = ${events.organizationId} and ${organizations.ownerId} = ${actor.user.id}) then 'OWNER' else (select ${eventTeam.role}::text from ${eventTeam} join ${organizationMembers} on ${organizationMembers.id} = ${eventTeam.memberId} where ${eventTeam.eventId} = ${events.id} and ${organizationMembers.userId} = ${actor.user.id} and ${organizationMembers.status} = 'ACTIVE' limit 1) end`;
}
