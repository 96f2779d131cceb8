import type { EventTeamMember, EventTeamRole, MemberEvent } from '@marquee/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import type { Page } from '../../../db/list.js';
import { events, eventTeam } from '../../../db/schema/index.js';
import { teamOf } from '../repo/team.js';

/** get-event-organizers, get-ticket-scanners: the event's members of one role, by name. */
export function eventTeamOf(db: DbOrTx, eventId: string, role: EventTeamRole): Promise<EventTeamMember[]> {
  return teamOf(db, eventId, role);
}

/** A member's events and their role on each (favorite-user-event-list); access resolved the member. */
export async function memberEvents(
  db: DbOrTx,
  query: { memberId: string; page: number; limit: number },
): Promise<Page<MemberEvent>> {
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
}
