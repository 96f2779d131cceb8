import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  type EventRow,
  eventOccurrences,
  events,
  eventTags,
  eventTicketTypes,
  organizations,
} from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import type { RuleContext } from '../authoring-rules.js';
import { eventStatusMachine } from './machines.js';
import { claimSlug } from './slugs.js';

/** The same key as the generated `events.title_key`: case and runs of white space ignored. */
const titleKeyOf = (title: string) => sql`lower(regexp_replace(btrim(${title}), '\\s+', ' ', 'g'))`;

/** Another event of the organization with this title (case and spaces ignored), whatever its status. */
export async function findSameTitle(db: DbOrTx, organizationId: string, title: string, exceptId?: string) {
  const [row] = await db
    .select({ _id: events.id, name: events.title })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        sql`${events.titleKey} = ${titleKeyOf(title)}`,
        exceptId ? ne(events.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(1);
  return row ?? null;
}

/** Holds the organization's row: two publishes of one title cannot both pass the check. */
export async function lockOrganization(change: Change, organizationId: string) {
  await change.lock(organizations, eq(organizations.id, organizationId));
}

/** The event's row, held for the change; null when there is none. */
export async function lockEvent(change: Change, eventId: string): Promise<EventRow | null> {
  const [row] = await change.lock(events, eq(events.id, eventId));
  return row ?? null;
}

/** DRAFT → PUBLISHED on a written event; null when it is no longer a draft. */
export async function publishEvent(change: Change, eventId: string): Promise<EventRow | null> {
  const row = await transition(change, eventStatusMachine, {
    id: eventId,
    to: 'PUBLISHED',
    set: { publishedAt: change.now, updatedAt: change.now },
  });
  // The public address is given at the first publish (repo/slugs.ts decides it in PostgreSQL).
  if (row && row.slug === null) row.slug = await claimSlug(change.tx, row.id, row.title);
  return row;
}

/** What a publish found only now: the zone (from coordinates) and the class's booking mode. */
export async function setResolvedPlace(
  tx: Tx,
  eventId: string,
  values: Pick<EventRow, 'timeZone' | 'classBookingMode'>,
) {
  await tx
    .update(events)
    .set({ timeZone: values.timeZone, classBookingMode: values.classBookingMode })
    .where(eq(events.id, eventId));
}

/** What is stored of an event, in the shape of `EventInput` (a draft published is checked as input). */
export async function storedInput(db: DbOrTx, event: EventRow) {
  const occurrences = await db
    .select()
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, event.id))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  const tickets = await db
    .select()
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, event.id))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  const tagRows = await db
    .select({ id: eventTags.tagId })
    .from(eventTags)
    .where(eq(eventTags.eventId, event.id))
    .orderBy(asc(eventTags.tagId));
  const location =
    event.locationType === 'VENUE'
      ? {
          type: 'VENUE',
          venueName: event.venueName,
          address: event.address,
          latitude: event.latitude,
          longitude: event.longitude,
          timeZone: event.timeZone,
        }
      : event.locationType === 'ONLINE'
        ? { type: 'ONLINE', onlineUrl: event.onlineUrl, timeZone: event.timeZone }
        : undefined;
  return {
    organizationId: event.organizationId,
    title: event.title,
    description: event.description,
    categoryId: event.categoryId ?? undefined,
    subcategoryId: event.subcategoryId,
    tagIds: tagRows.map((t) => t.id),
    images: event.images,
    classTypeId: event.classTypeId,
    location,
    visibility: event.visibility,
    attendeeNames: event.attendeeNames,
    occurrences: occurrences.map((o) => ({
      _id: o.id,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      visibility: o.visibility,
      capacity: o.capacity,
    })),
    schedule: event.schedule,
    ticketTypes: tickets.map((t) => ({
      _id: t.id,
      pricing: t.pricing,
      name: t.name,
      description: t.description,
      price: t.price,
      quantity: t.quantity,
      saleStartsAt: t.saleStartsAt?.toISOString() ?? null,
      saleEndsAt: t.saleEndsAt?.toISOString() ?? null,
      minPerOrder: t.minPerOrder,
      maxPerOrder: t.maxPerOrder,
      hidden: t.hidden,
    })),
  };
}

/** The stored dates and ticket types an edit's `_id`s must name. */
export async function storedRefs(db: DbOrTx, eventId: string): Promise<NonNullable<RuleContext['stored']>> {
  const occurrences = await db
    .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt, endsAt: eventOccurrences.endsAt })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  const tickets = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId));
  return {
    occurrences: new Map(occurrences.map((o) => [o.id, { startsAt: o.startsAt, endsAt: o.endsAt }])),
    ticketTypeIds: new Set(tickets.map((t) => t.id)),
    startedMayStay: false,
  };
}
