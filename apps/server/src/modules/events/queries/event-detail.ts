import type { EventDetail, EventHeader, EventRole } from '@marquee/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  categories,
  classTypes,
  type EventRow,
  eventOccurrences,
  eventTags,
  eventTicketTypes,
  type OrganizationRow,
  reasons,
  subcategories,
  tags,
  ticketInventory,
} from '../../../db/schema/index.js';
import { eventHeader } from '../event-header.js';
import { OCCURRENCE_SOLD, TICKET_TYPE_SOLD } from '../repo/event-writer.js';
import { teamOf } from '../repo/team.js';

/**
 * One event as the console reads it whole (`panel-organizer-event-detail`, what every authoring call
 * answers): the light header of event-header.ts and everything else.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);
type Media = EventHeader['image'];

/** Sold and capacity over the event's inventory; capacity null when it has no ticket types yet. */
async function totals(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({
      sold: sql<number>`coalesce(sum(${ticketInventory.sold}), 0)::int`,
      capacity: sql<number | null>`sum(${ticketInventory.capacity})::int`,
    })
    .from(ticketInventory)
    .where(eq(ticketInventory.eventId, eventId));
  return { sold: row?.sold ?? 0, capacity: row?.capacity ?? null };
}

async function namedRef(db: DbOrTx, table: typeof categories | typeof subcategories, id: string | null) {
  if (!id) return null;
  const [row] = await db.select({ _id: table.id, name: table.name }).from(table).where(eq(table.id, id));
  return row ?? null;
}

async function occurrencesOf(db: DbOrTx, eventId: string) {
  const rows = await db
    .select({
      row: eventOccurrences,
      sold: OCCURRENCE_SOLD,
    })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  return rows.map(({ row, sold }) => ({
    _id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    visibility: row.visibility,
    capacity: row.capacity,
    sold,
    status: row.status,
  }));
}

async function ticketTypesOf(db: DbOrTx, eventId: string) {
  const rows = await db
    .select({
      row: eventTicketTypes,
      sold: TICKET_TYPE_SOLD,
    })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  return rows.map(({ row, sold }) => ({
    _id: row.id,
    pricing: row.pricing,
    name: row.name,
    description: row.description,
    price: row.price,
    quantity: row.quantity,
    saleStartsAt: iso(row.saleStartsAt),
    saleEndsAt: iso(row.saleEndsAt),
    minPerOrder: row.minPerOrder,
    maxPerOrder: row.maxPerOrder,
    hidden: row.hidden,
    sold,
    position: row.position,
  }));
}

export async function loadEventDetail(
  db: DbOrTx,
  event: EventRow,
  organization: OrganizationRow,
  role: EventRole,
): Promise<EventDetail> {
  // One query after the other: inside a transaction they share one connection anyway.
  const category = await namedRef(db, categories, event.categoryId);
  const subcategory = await namedRef(db, subcategories, event.subcategoryId);
  const tagRows = await db
    .select({ _id: tags.id, name: tags.name })
    .from(eventTags)
    .innerJoin(tags, eq(tags.id, eventTags.tagId))
    .where(eq(eventTags.eventId, event.id))
    .orderBy(asc(tags.name));
  const classType = event.classTypeId
    ? await db
        .select({ _id: classTypes.id, name: classTypes.name, bookingMode: classTypes.bookingMode })
        .from(classTypes)
        .where(eq(classTypes.id, event.classTypeId))
    : [];
  const occurrences = await occurrencesOf(db, event.id);
  const ticketTypes = await ticketTypesOf(db, event.id);
  const team = await teamOf(db, event.id);
  const total = await totals(db, event.id);
  const reason = event.cancelReasonId
    ? await db.select({ text: reasons.text }).from(reasons).where(eq(reasons.id, event.cancelReasonId))
    : [];
  const storedClassType = classType[0];
  return {
    ...eventHeader({ event, organization, role }),
    description: event.description,
    images: event.images as Media[] as EventDetail['images'],
    category,
    subcategory,
    tags: tagRows,
    // The mode the event was saved with counts, not the list's current one.
    classType: storedClassType
      ? { ...storedClassType, bookingMode: event.classBookingMode ?? storedClassType.bookingMode }
      : null,
    location: event.locationType
      ? {
          type: event.locationType,
          venueName: event.venueName,
          address: event.address,
          latitude: event.latitude,
          longitude: event.longitude,
          onlineUrl: event.onlineUrl,
        }
      : null,
    occurrences,
    ticketTypes,
    schedule: event.schedule ?? null,
    team,
    cancellation: event.cancelledAt
      ? {
          reason: reason[0]?.text ?? '',
          note: event.cancelNote,
          cancelledAt: event.cancelledAt.toISOString(),
        }
      : null,
    publishedAt: iso(event.publishedAt),
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    sold: total.sold,
    capacity: total.capacity,
    attendeeNames: event.attendeeNames,
    slug: event.slug,
  };
}
