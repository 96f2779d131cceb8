import type { CheckInEvent, checkInEventList } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { searchWhere } from '../../../db/list.js';
import { eventOccurrences, events, type OccurrenceRow, organizations } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { eventScope, myEventRole } from '../../../lib/access/index.js';

type Query = z.output<(typeof checkInEventList)['query']>;
type Role = CheckInEvent['role'];

/** More than anyone scans at once; an administrator's platform-wide list stops here (today first). */
export const CHECK_IN_EVENT_LIMIT = 300;
const DAY_MS = 86_400_000;

/** The calendar day of an instant on the event's clock. */
const dayIn = (at: Date, zone: string) => formatInZone(at, 'yyyy-MM-dd', zone);

/** A date the door opens on today: it starts today on the event's clock, or it is under way. */
function isToday(date: OccurrenceRow, now: Date, zone: string): boolean {
  if (date.startsAt <= now && now < date.endsAt) return true;
  // Formatting in a zone is the costly part, and a course has many dates: only those near now can match.
  if (Math.abs(date.startsAt.getTime() - now.getTime()) > 2 * DAY_MS) return false;
  return dayIn(date.startsAt, zone) === dayIn(now, zone);
}

/**
 * The date to open first: today's (the first that has not ended, else today's last), else the next
 * one, else the last one. Cancelled dates only when nothing else is left. Dates come sorted by start.
 */
export function defaultDate(dates: OccurrenceRow[], now: Date, zone: string): OccurrenceRow | null {
  const open = dates.filter((date) => date.status !== 'CANCELLED');
  const today = open.filter((date) => isToday(date, now, zone));
  if (today.length) return today.find((date) => date.endsAt > now) ?? today.at(-1) ?? null;
  return open.find((date) => date.startsAt > now) ?? open.at(-1) ?? dates.at(-1) ?? null;
}

/** 0: a date today, 1: upcoming, 2: over. Within a group: today's and upcoming by start, past newest first. */
function placeOf(dates: OccurrenceRow[], now: Date, zone: string): { group: number; at: number } {
  const open = dates.filter((date) => date.status !== 'CANCELLED');
  const today = open.find((date) => isToday(date, now, zone));
  if (today) return { group: 0, at: today.startsAt.getTime() };
  const next = open.find((date) => date.startsAt > now);
  if (next) return { group: 1, at: next.startsAt.getTime() };
  const last = dates.reduce((latest, date) => Math.max(latest, date.endsAt.getTime()), 0);
  return { group: 2, at: -last };
}

/**
 * `check-in-event-list`: the events the caller may check in (owner, administrator, the event's
 * organizers and scanners; never drafts), each with what the caller is to it and its dates. `current`
 * leaves out events that ended more than a day ago and cancelled ones. Two queries whatever the count:
 * the events with the caller's role (a correlated subquery, lib/event-access.ts), then their dates.
 */
export async function checkInEvents(db: Db, actor: Actor, query: Query, now: Date): Promise<CheckInEvent[]> {
  const lastMoment = sql`coalesce(${events.endsAt}, ${events.startsAt})`;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const current: SQL | undefined =
    query.include === 'current'
      ? and(ne(events.status, 'CANCELLED'), sql`${lastMoment} >= ${dayAgo.toISOString()}::timestamptz`)
      : undefined;
  const over = sql`${lastMoment} < ${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      kind: events.kind,
      timeZone: events.timeZone,
      status: events.status,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: myEventRole(actor),
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(
      and(
        ne(events.status, 'DRAFT'),
        eventScope(actor, 'scan'),
        searchWhere(query.search, [events.title]),
        current,
      ),
    )
    // Only matters past the limit: what is on or ahead first, soonest first, then the most recent.
    .orderBy(
      asc(over),
      sql`case when ${over} then null else ${events.startsAt} end asc`,
      desc(lastMoment),
      asc(events.id),
    )
    .limit(CHECK_IN_EVENT_LIMIT);
  if (rows.length === 0) return [];

  const dates = await db
    .select()
    .from(eventOccurrences)
    .where(
      inArray(
        eventOccurrences.eventId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  const datesOf = new Map<string, OccurrenceRow[]>();
  for (const date of dates) datesOf.set(date.eventId, [...(datesOf.get(date.eventId) ?? []), date]);

  const listed = rows.map((row) => {
    const zone = row.timeZone ?? 'UTC';
    const own = datesOf.get(row.id) ?? [];
    const event: CheckInEvent = {
      _id: row.id,
      title: row.title,
      kind: row.kind,
      timeZone: zone,
      status: row.status,
      organization: { _id: row.organizationId, name: row.organizationName },
      role: row.role as Role,
      occurrences: own.map((date) => ({
        _id: date.id,
        startsAt: date.startsAt.toISOString(),
        endsAt: date.endsAt.toISOString(),
        status: date.status,
      })),
      defaultOccurrenceId: defaultDate(own, now, zone)?.id ?? null,
    };
    return { event, place: placeOf(own, now, zone) };
  });
  listed.sort((a, b) => a.place.group - b.place.group || a.place.at - b.place.at);
  return listed.map((entry) => entry.event);
}
