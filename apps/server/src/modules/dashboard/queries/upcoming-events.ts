import type { dashboardUpcomingEventList, UpcomingEvent } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Page } from '../../../db/list.js';
import { eventOccurrences, events, organizations, ticketInventory } from '../../../db/schema/index.js';
import type { Actor, OrganizationGrant } from '../../../lib/access/index.js';
import { eventScope, myEventRole } from '../../../lib/access/index.js';
import type { Clock } from '../../../lib/clock.js';

type UpcomingInput = z.output<NonNullable<(typeof dashboardUpcomingEventList)['query']>>;

/**
 * dashboard-upcoming-event-list: the next published events the caller may see, one row per event with
 * its next date (starts now or later), soonest first. Scanners see the events they scan; sold/capacity
 * are of that date (a course's: of the course). `chosen`: the organization the route's access
 * declaration resolved, or null for every one the caller may see.
 */
export async function upcomingEvents(
  deps: { db: Db; clock: Clock },
  actor: Actor,
  chosen: OrganizationGrant | null,
  input: UpcomingInput,
): Promise<Page<UpcomingEvent>> {
  const { db, clock } = deps;
  const now = clock.now().toISOString();
  const where = and(
    sql`${events.status} = 'PUBLISHED'`,
    chosen ? eq(events.organizationId, chosen.organization.id) : undefined,
    eventScope(actor, 'scan'),
  );
  const result = await db.execute(sql`
    select ${events.id} as id, ${events.title} as title, ${events.kind} as kind,
      coalesce(${events.timeZone}, ${organizations.timeZone}) as time_zone,
      ${organizations.id} as organization_id, ${organizations.name} as organization_name,
      next.starts_at, inv.sold, least(next.capacity, inv.capacity) as capacity,
      ${myEventRole(actor)} as role, count(*) over () as total
    from ${events}
    join ${organizations} on ${organizations.id} = ${events.organizationId}
    cross join lateral (
      select ${eventOccurrences.id} as id, ${eventOccurrences.startsAt} as starts_at,
        ${eventOccurrences.capacity} as capacity
      from ${eventOccurrences}
      where ${eventOccurrences.eventId} = ${events.id} and ${eventOccurrences.status} = 'SCHEDULED'
        and ${eventOccurrences.startsAt} >= ${now}::timestamptz
      order by ${eventOccurrences.startsAt} limit 1
    ) as next
    cross join lateral (
      select coalesce(sum(${ticketInventory.sold}), 0) as sold, sum(${ticketInventory.capacity}) as capacity
      from ${ticketInventory}
      where ${ticketInventory.eventId} = ${events.id}
        and (${ticketInventory.occurrenceId} = next.id or ${ticketInventory.occurrenceId} is null)
    ) as inv
    where ${where}
    order by next.starts_at, ${events.id}
    limit ${input.limit} offset ${(input.page - 1) * input.limit}
  `);
  const items = result.rows.map((r): UpcomingEvent => {
    const role = r.role as string | null;
    return {
      _id: String(r.id),
      title: String(r.title),
      kind: r.kind as UpcomingEvent['kind'],
      startsAt: new Date(r.starts_at as string).toISOString(),
      timeZone: String(r.time_zone),
      organization: { _id: String(r.organization_id), name: String(r.organization_name) },
      sold: Number(r.sold ?? 0),
      capacity: r.capacity === null || r.capacity === undefined ? null : Number(r.capacity),
      canReadOrders: role !== null && role !== 'SCANNER',
      canScan: role !== null,
    };
  });
  const total = Number(result.rows[0]?.total ?? 0);
  // A page past the end has no rows to carry the total: count it on its own.
  const counted =
    items.length || input.page === 1
      ? total
      : Number(
          (
            await db.execute(sql`select count(*) as n from ${events} where ${where} and exists (
              select 1 from ${eventOccurrences} where ${eventOccurrences.eventId} = ${events.id}
              and ${eventOccurrences.status} = 'SCHEDULED' and ${eventOccurrences.startsAt} >= ${now}::timestamptz)`)
          ).rows[0]?.n ?? 0,
        );
  return { items, total: counted, page: input.page, limit: input.limit };
}
