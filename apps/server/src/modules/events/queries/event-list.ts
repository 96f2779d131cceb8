import type {
  EventListQuery,
  EventListQuery as EventListQuerySchema,
  EventRole,
  EventStatus,
  EventSummary,
  EventTab,
} from '@marquee/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { countUpTo, defineList, type PageWindow, paged } from '../../../db/list.js';
import { categories, events, organizations, ticketInventory } from '../../../db/schema/index.js';
import type { Actor } from '../../../lib/access/index.js';
import { myEventRole, resolvedEventScope } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';
import { completeEndedEvents } from '../repo/completion.js';

type Query = z.output<typeof EventListQuerySchema>;

export type { EventListQuery };

/**
 * The console's event list (panel-organizer-event-list): one SELECT for the page and one COUNT, the
 * sold/capacity sums and the occurrence count as correlated subqueries on their indexes
 * (`ticket_inventory_event_idx`, `event_occurrences_event_idx`), so no query per row.
 */
const sold = sql<number>`(select coalesce(sum(${ticketInventory.sold}), 0)::int from ${ticketInventory} where ${ticketInventory.eventId} = ${events.id})`;
/** Null when the event has no inventory yet (a draft without ticket types): "no capacity", not 0. */
const capacity = sql<
  number | null
>`(select sum(${ticketInventory.capacity})::int from ${ticketInventory} where ${ticketInventory.eventId} = ${events.id})`;
const occurrenceCount = sql<number>`(select count(*)::int from event_occurrences o where o.event_id = ${events.id})`;

/**
 * The events of the organizations whose name contains the search, as a condition on events' own
 * column: with the title and venue on their trigram indexes (migration 0017) the three make one bitmap
 * of candidate events (events_organization_idx for this one), where a condition on the joined
 * organization made the database read every event of the tab.
 */
const organizationNamed = (pattern: string) =>
  sql`${events.organizationId} = any(array(select ${organizations.id} from ${organizations} where ${organizations.name} ilike ${pattern}))`;

/** Which events each tab shows; an archived event shows only under ARCHIVED. */
function tabWhere(tab: EventTab, now: Date): SQL {
  const at = now.toISOString();
  const live = sql`${events.isArchived} = false`;
  switch (tab) {
    case 'UPCOMING':
      return sql`${events.status} = 'PUBLISHED' and ${live} and ${events.endsAt} >= ${at}::timestamptz`;
    case 'PAST':
      return sql`(${events.status} = 'COMPLETED' or (${events.status} = 'PUBLISHED' and ${events.endsAt} < ${at}::timestamptz)) and ${live}`;
    case 'DRAFTS':
      return sql`${events.status} = 'DRAFT' and ${live}`;
    case 'ARCHIVED':
      return sql`${events.isArchived} = true`;
    case 'CANCELLED':
      return sql`${events.status} = 'CANCELLED' and ${live}`;
  }
}

/** The order each tab opens in: what comes next first, the most recent past first, newest drafts first. */
const TAB_ORDER: Record<EventTab, SQL[]> = {
  UPCOMING: [sql`${events.startsAt} asc nulls last`],
  PAST: [sql`${events.startsAt} desc nulls last`],
  DRAFTS: [sql`${events.createdAt} desc`],
  ARCHIVED: [sql`${events.startsAt} desc nulls last`],
  CANCELLED: [sql`${events.startsAt} desc nulls last`],
};

const FLAG_COLUMNS = {
  BLOCKED: events.isBlocked,
  VERIFIED: events.isVerified,
  REPORTED: events.isReported,
} as const;

/**
 * Events overlapping the calendar dates `from`..`to`, each date read in the event's own zone (a
 * Sydney event on the 5th is on the 5th in Sydney). Events without dates (drafts) never match a range.
 */
function dateRange(from: string | undefined, to: string | undefined): SQL | undefined {
  // The contract's date format accepts year 0000, which PostgreSQL has no date for.
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value && value < '0001-01-01') {
      throw badRequest('Choose a real date.', [{ field, message: 'Choose a real date' }]);
    }
  }
  if (from && to && to < from) {
    throw badRequest('The end date is before the start date.', [
      { field: 'to', message: 'Choose an end date on or after the start date' },
    ]);
  }
  const zone = sql`coalesce(${events.timeZone}, 'UTC')`;
  return and(
    from ? sql`${events.endsAt} >= (${from}::date::timestamp at time zone ${zone})` : undefined,
    to ? sql`${events.startsAt} < ((${to}::date + 1)::timestamp at time zone ${zone})` : undefined,
  );
}

function filters(scope: SQL | undefined, query: Query, now: Date): (SQL | undefined)[] {
  return [
    scope,
    tabWhere(query.tab, now),
    query.organizationId ? eq(events.organizationId, query.organizationId) : undefined,
    query.kind ? eq(events.kind, query.kind) : undefined,
    query.categoryId ? eq(events.categoryId, query.categoryId) : undefined,
    query.visibility ? eq(events.visibility, query.visibility) : undefined,
    query.flag ? eq(FLAG_COLUMNS[query.flag], true) : undefined,
    dateRange(query.from, query.to),
  ];
}

/** What a row of the list shows of its event (not the description, schedule or address). */
const shownColumns = {
  id: events.id,
  kind: events.kind,
  title: events.title,
  images: events.images,
  organizationId: events.organizationId,
  status: events.status,
  visibility: events.visibility,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  locationType: events.locationType,
  venueName: events.venueName,
  createdAt: events.createdAt,
  isBlocked: events.isBlocked,
  isVerified: events.isVerified,
  isReported: events.isReported,
  isArchived: events.isArchived,
};

interface Row {
  event: Pick<typeof events.$inferSelect, keyof typeof shownColumns>;
  organizationName: string;
  currency: string;
  categoryId: string | null;
  categoryName: string | null;
  sold: number;
  capacity: number | null;
  occurrenceCount: number;
  myRole: EventRole;
}

function toSummary(row: Row): EventSummary {
  const e = row.event;
  return {
    _id: e.id,
    kind: e.kind,
    title: e.title,
    image: e.images[0] ?? null,
    organization: { _id: e.organizationId, name: row.organizationName },
    category: row.categoryId && row.categoryName ? { _id: row.categoryId, name: row.categoryName } : null,
    status: e.status as EventStatus,
    visibility: e.visibility,
    startsAt: e.startsAt?.toISOString() ?? null,
    endsAt: e.endsAt?.toISOString() ?? null,
    timeZone: e.timeZone,
    locationType: e.locationType,
    venueName: e.venueName,
    occurrenceCount: row.occurrenceCount,
    sold: row.sold,
    capacity: row.capacity,
    currency: row.currency,
    myRole: row.myRole,
    createdAt: e.createdAt.toISOString(),
    isBlocked: e.isBlocked,
    isVerified: e.isVerified,
    isReported: e.isReported,
    isArchived: e.isArchived,
  };
}

export function createEventList(db: Db) {
  function rows(actor: Actor, window: PageWindow) {
    const query = db
      .select({
        event: shownColumns,
        organizationName: organizations.name,
        currency: organizations.currency,
        categoryId: categories.id,
        categoryName: categories.name,
        sold,
        capacity,
        occurrenceCount,
        myRole: myEventRole(actor),
      })
      .from(events)
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .leftJoin(categories, eq(categories.id, events.categoryId))
      .$dynamic();
    return paged(query, window) as Promise<Row[]>;
  }

  // The search and the filters are on events alone (the organization's name through its ids).
  const count = (where: SQL | undefined, upTo: number | undefined) =>
    countUpTo(db, db.select({ one: sql`1` }).from(events).where(where).$dynamic(), upTo);

  /** One list per tab (its default order differs); the actor is bound per call. */
  const listFor = (actor: Actor, tab: EventTab) =>
    defineList({
      search: [events.title, events.venueName, organizationNamed],
      sort: {
        fields: { startsAt: events.startsAt, title: events.title, createdAt: events.createdAt, sold },
        default: TAB_ORDER[tab],
        tieBreaker: events.id,
      },
      rows: (window) => rows(actor, window),
      count,
      total: 'capped',
      items: (found: Row[]) => found.map(toSummary),
    });

  return async (actor: Actor, query: Query, now: Date) => {
    // Ended events read COMPLETED, and sit under PAST, before the tab filters them.
    await completeEndedEvents(db, now);
    return listFor(actor, query.tab)(query, filters(await resolvedEventScope(db, actor), query, now));
  };
}
