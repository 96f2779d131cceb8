import { and, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { events, waitingListEntries as w } from '../../../db/schema/index.js';
import type { MoneyScope } from './sales-figures.js';

/**
 * Demand turned away (docs/waiting-list.md): people waiting now on the waiting lists of the events in
 * scope, and the tickets they asked for. A figure of now, not of the period: a list empties as seats
 * are offered.
 */
export async function waitingDemand(db: Db, scope: MoneyScope): Promise<{ people: number; tickets: number }> {
  const joinEvents = scope.events ? sql`join ${events} on ${events.id} = ${w.eventId}` : sql``;
  const result = await db.execute<{ people: number; tickets: number }>(sql`
    select count(*)::int as people, coalesce(sum(${w.quantity}), 0)::int as tickets
    from ${w} ${joinEvents}
    where ${and(sql`${w.status} = 'WAITING'`, scope.organizations(w.organizationId), scope.events)}`);
  return result.rows[0] ?? { people: 0, tickets: 0 };
}
