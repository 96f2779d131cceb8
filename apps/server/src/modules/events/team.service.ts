import type { EventTeamMember, EventTeamRole, MemberEvent } from '@marquee/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Page } from '../../db/list.js';
import { events, eventTeam, type MemberRow, organizationMembers } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import { requireEvent } from '../../lib/access/event-access.query.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { EVENT_ENTITY } from './moderation.service.js';

const displayName = (m: Pick<MemberRow, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

/** Members as a list names them: by name, then email; the id settles the rest. */
const BY_NAME = [
  asc(organizationMembers.firstName),
  asc(organizationMembers.lastName),
  asc(organizationMembers.email),
  asc(organizationMembers.id),
];

/** The event's team (both roles, or one), organizers first, then by name. */
export async function teamOf(db: DbOrTx, eventId: string, role?: EventTeamRole): Promise<EventTeamMember[]> {
  const rows = await db
    .select({ member: organizationMembers, role: eventTeam.role })
    .from(eventTeam)
    .innerJoin(organizationMembers, eq(organizationMembers.id, eventTeam.memberId))
    .where(and(eq(eventTeam.eventId, eventId), role ? eq(eventTeam.role, role) : undefined))
    .orderBy(asc(eventTeam.role), ...BY_NAME);
  return rows.map(({ member, role }) => ({
    _id: member.id,
    userId: member.userId,
    name: displayName(member),
    email: member.email,
    memberStatus: member.status,
    role,
  }));
}

/**
 * Who works on an event: organizers (manage it) and scanners (check tickets in), each an ACTIVE member
 * of the event's organization (docs/events.md).
 */
export function createTeamService(deps: {
  db: Db;
  clock: Clock;
  log?: { error(o: object, m: string): void };
}) {
  const { db } = deps;
  const change = createUnitOfWork(deps);

  /**
   * Every id must be an ACTIVE member of the organization; the refusal names the members by name when
   * they belong to it (inactive or invited), and otherwise says how many ids are unknown, so nothing
   * about other organizations is revealed.
   */
  async function checkMembers(tx: DbOrTx, organizationId: string, field: string, ids: string[]) {
    if (ids.length === 0) return;
    const found = await tx
      .select()
      .from(organizationMembers)
      .where(
        and(inArray(organizationMembers.id, ids), eq(organizationMembers.organizationId, organizationId)),
      )
      .orderBy(...BY_NAME);
    const byId = new Map(found.map((m) => [m.id, m]));
    const inactive = found.filter((m) => m.status !== 'ACTIVE').map(displayName);
    const unknown = ids.filter((id) => !byId.has(id)).length;
    const parts = [
      ...(inactive.length
        ? [`${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} not active`]
        : []),
      ...(unknown
        ? [`${unknown} ${unknown === 1 ? 'person is' : 'people are'} not on this organization's team`]
        : []),
    ];
    if (parts.length) {
      const message = `Only active members of the organization can be given a role: ${parts.join('; ')}.`;
      throw badRequest(message, [{ field, message }]);
    }
  }

  return {
    teamOf: (eventId: string, role?: EventTeamRole) => teamOf(db, eventId, role),

    /** Replaces both sets at once (update-organizer-and-scanners). */
    async replace(actor: Actor, input: { eventId: string; organizers: string[]; scanners: string[] }) {
      const organizers = [...new Set(input.organizers)];
      const scanners = [...new Set(input.scanners)];
      const both = organizers.filter((id) => scanners.includes(id));
      return change(async ({ tx, now, audit }) => {
        const { event } = await requireEvent(tx, actor, input.eventId, 'manage', { lock: true });
        if (both.length) {
          const named = await tx
            .select()
            .from(organizationMembers)
            .where(
              and(
                inArray(organizationMembers.id, both),
                eq(organizationMembers.organizationId, event.organizationId),
              ),
            )
            .orderBy(...BY_NAME);
          const who = named.length ? named.map(displayName).join(', ') : `${both.length} of them`;
          const message = `A member is either an organizer or a scanner of an event, not both: ${who}.`;
          throw badRequest(message, [{ field: 'scanners', message }]);
        }
        await checkMembers(tx, event.organizationId, 'organizers', organizers);
        await checkMembers(tx, event.organizationId, 'scanners', scanners);
        const before = await teamOf(tx, event.id);
        await tx.delete(eventTeam).where(eq(eventTeam.eventId, event.id));
        const rows = [
          ...organizers.map((memberId) => ({ memberId, role: 'EVENT_ORGANIZER' as const })),
          ...scanners.map((memberId) => ({ memberId, role: 'SCANNER' as const })),
        ];
        if (rows.length) {
          await tx
            .insert(eventTeam)
            .values(
              rows.map((r) => ({ ...r, eventId: event.id, assignedBy: actor.user.id, createdAt: now })),
            );
        }
        const after = await teamOf(tx, event.id);
        await audit({
          action: 'EVENT_TEAM_CHANGED',
          entityType: EVENT_ENTITY,
          entityId: event.id,
          organizationId: event.organizationId,
          before,
          after,
        });
        return after;
      });
    },

    /** A member's events and their role on each (favorite-user-event-list); access resolved the member. */
    async memberEvents(query: { memberId: string; page: number; limit: number }): Promise<Page<MemberEvent>> {
      const where = eq(eventTeam.memberId, query.memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ event: events, role: eventTeam.role })
          .from(eventTeam)
          .innerJoin(events, eq(events.id, eventTeam.eventId))
          .where(where)
          .orderBy(sql`${events.startsAt} desc nulls last`, desc(events.createdAt), asc(events.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(eventTeam).where(where),
      ]);
      return {
        items: rows.map(({ event, role }) => ({
          event: {
            _id: event.id,
            title: event.title,
            kind: event.kind,
            status: event.status,
            startsAt: event.startsAt?.toISOString() ?? null,
            timeZone: event.timeZone,
            image: event.images[0] ?? null,
          },
          role,
        })),
        total: total?.n ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },

    /** Takes a member off one event (both roles); 404 when they are not on it. */
    async unlink(actor: Actor, input: { eventId: string; memberId: string }) {
      await change(async ({ tx, audit }) => {
        const { event } = await requireEvent(tx, actor, input.eventId, 'manage', { lock: true });
        const [removed] = await tx
          .delete(eventTeam)
          .where(and(eq(eventTeam.eventId, event.id), eq(eventTeam.memberId, input.memberId)))
          .returning();
        if (!removed) throw notFound('The member');
        await audit({
          action: 'EVENT_MEMBER_UNLINKED',
          entityType: EVENT_ENTITY,
          entityId: event.id,
          organizationId: event.organizationId,
          before: removed,
        });
      });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
