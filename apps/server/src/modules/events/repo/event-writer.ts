import type { ClassBookingMode, EventKind } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  type EventRow,
  eventOccurrences,
  events,
  eventTags,
  eventTicketTypes,
  type OccurrenceRow,
  ticketInventory,
} from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import type { EventValues, ResolvedLocation } from '../authoring-rules.js';

/**
 * Writes an event and everything under it in the caller's transaction: the row, tags, dates and
 * ticket types matched by `_id` (kept ones updated, new ones added, missing ones removed unless
 * sold), then the inventory brought in step (docs/events.md, "Authoring"). Capacity never drops
 * below what is sold: guarded UPDATEs on rows locked for the whole change.
 */
export interface WriteInput {
  organizationId: string;
  kind: EventKind;
  values: EventValues;
  location: ResolvedLocation;
  classBookingMode: ClassBookingMode | null;
  createdBy: string;
  now: Date;
}

const conflictOn = (message: string, field: string) => new AppError(409, message, [{ field, message }]);

const when = (zone: string | null, at: Date) =>
  formatInZone(at, 'MMM d, yyyy h:mm a', zone ?? 'UTC') + (zone ? '' : ' UTC');

function eventValues(input: WriteInput) {
  const { values, location, kind } = input;
  return {
    kind,
    title: values.title,
    description: values.description ?? '',
    categoryId: values.categoryId ?? null,
    subcategoryId: values.subcategoryId ?? null,
    classTypeId: kind === 'CLASS' ? (values.classTypeId ?? null) : null,
    classBookingMode: kind === 'CLASS' ? input.classBookingMode : null,
    images: values.images as string[],
    ...location,
    visibility: values.visibility,
    attendeeNames: values.attendeeNames ?? false,
    schedule: values.schedule ?? null,
    updatedAt: input.now,
  };
}

/**
 * Sold of the `event_occurrences` row in the query: the date's own count or its inventory rows,
 * whichever selling keeps. Spelled out: a correlated subquery must name the outer table itself.
 */
export const OCCURRENCE_SOLD = sql<number>`greatest("event_occurrences"."sold", coalesce((select sum(i.sold) from "ticket_inventory" i where i.occurrence_id = "event_occurrences"."id"), 0))::int`;
/** Sold of the `event_ticket_types` row in the query, over all its inventory rows. */
export const TICKET_TYPE_SOLD = sql<number>`coalesce((select sum(i.sold) from "ticket_inventory" i where i.ticket_type_id = "event_ticket_types"."id"), 0)::int`;

async function soldPerOccurrence(tx: Tx, eventId: string) {
  const rows = await tx
    .select({
      id: eventOccurrences.id,
      sold: OCCURRENCE_SOLD,
    })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  return new Map(rows.map((r) => [r.id, r.sold]));
}

async function soldPerTicketType(tx: Tx, eventId: string) {
  const rows = await tx
    .select({
      id: ticketInventory.ticketTypeId,
      sold: sql<number>`sum(${ticketInventory.sold})::int`,
    })
    .from(ticketInventory)
    .where(eq(ticketInventory.eventId, eventId))
    .groupBy(ticketInventory.ticketTypeId);
  return new Map(rows.map((r) => [r.id, r.sold]));
}

async function writeTags(tx: Tx, eventId: string, tagIds: string[]) {
  await tx.delete(eventTags).where(eq(eventTags.eventId, eventId));
  const unique = [...new Set(tagIds)];
  if (unique.length > 0) await tx.insert(eventTags).values(unique.map((tagId) => ({ eventId, tagId })));
}

async function writeOccurrences(tx: Tx, event: EventRow, input: WriteInput, stored: OccurrenceRow[]) {
  const { values, now } = input;
  const kept = new Set(values.occurrences.flatMap((o) => (o._id ? [o._id] : [])));
  const sold = await soldPerOccurrence(tx, event.id);
  const removed = stored.filter((o) => !kept.has(o.id));
  for (const occurrence of removed) {
    const count = sold.get(occurrence.id) ?? 0;
    if (count > 0) {
      throw conflictOn(
        `The date of ${when(event.timeZone, occurrence.startsAt)} has ${count} tickets sold and cannot be removed.`,
        'occurrences',
      );
    }
  }
  if (removed.length > 0) {
    await tx.delete(eventOccurrences).where(
      inArray(
        eventOccurrences.id,
        removed.map((o) => o.id),
      ),
    );
  }
  for (const [n, occurrence] of values.occurrences.entries()) {
    const row = {
      startsAt: new Date(occurrence.startsAt),
      endsAt: new Date(occurrence.endsAt),
      visibility: occurrence.visibility ?? values.visibility,
      capacity: occurrence.capacity ?? null,
      updatedAt: now,
    };
    if (!occurrence._id) {
      await tx.insert(eventOccurrences).values({ ...row, eventId: event.id, createdAt: now });
      continue;
    }
    // The capacity of a date never drops below what it has sold.
    const updated = await tx
      .update(eventOccurrences)
      .set(row)
      .where(
        and(
          eq(eventOccurrences.id, occurrence._id),
          eq(eventOccurrences.eventId, event.id),
          row.capacity === null ? undefined : sql`${eventOccurrences.sold} <= ${row.capacity}`,
        ),
      )
      .returning({ id: eventOccurrences.id });
    if (updated.length === 0) {
      const count = sold.get(occurrence._id) ?? 0;
      throw conflictOn(
        `${count} tickets are already sold for this date; the capacity cannot go below that.`,
        `occurrences.${n}.capacity`,
      );
    }
  }
}

async function writeTicketTypes(tx: Tx, eventId: string, input: WriteInput, storedIds: string[]) {
  const { values, now } = input;
  const kept = new Set(values.ticketTypes.flatMap((t) => (t._id ? [t._id] : [])));
  const sold = await soldPerTicketType(tx, eventId);
  const removed = storedIds.filter((id) => !kept.has(id));
  if (removed.length > 0) {
    const names = await tx
      .select({ id: eventTicketTypes.id, name: eventTicketTypes.name })
      .from(eventTicketTypes)
      .where(inArray(eventTicketTypes.id, removed))
      .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
    for (const { id, name } of names) {
      const count = sold.get(id) ?? 0;
      if (count > 0) {
        throw conflictOn(
          `The ticket type "${name}" has ${count} tickets sold and cannot be removed.`,
          'ticketTypes',
        );
      }
    }
    await tx.delete(eventTicketTypes).where(inArray(eventTicketTypes.id, removed));
  }
  for (const [position, ticket] of values.ticketTypes.entries()) {
    const row = {
      pricing: ticket.pricing,
      name: ticket.name,
      description: ticket.description,
      price: ticket.price,
      quantity: ticket.quantity,
      saleStartsAt: ticket.saleStartsAt ? new Date(ticket.saleStartsAt) : null,
      saleEndsAt: ticket.saleEndsAt ? new Date(ticket.saleEndsAt) : null,
      minPerOrder: ticket.minPerOrder,
      maxPerOrder: ticket.maxPerOrder ?? null,
      hidden: ticket.hidden ?? false,
      position,
      updatedAt: now,
    };
    if (ticket._id) {
      await tx
        .update(eventTicketTypes)
        .set(row)
        .where(and(eq(eventTicketTypes.id, ticket._id), eq(eventTicketTypes.eventId, eventId)));
    } else {
      await tx.insert(eventTicketTypes).values({ ...row, eventId, createdAt: now });
    }
  }
}

/**
 * One inventory row per ticket type and scheduled date (a course-type class: per ticket type, no
 * date), each with the ticket type's quantity as capacity. Rows of the other shape are removed
 * unless they hold sales; capacities move with a guarded UPDATE that never goes below sold.
 */
export async function syncInventory(
  tx: Tx,
  eventId: string,
  course: boolean,
  ticketFieldOf: (ticketTypeId: string) => string,
) {
  const wrongShape = course
    ? sql`${ticketInventory.occurrenceId} is not null`
    : sql`("ticket_inventory"."occurrence_id" is null or exists (select 1 from "event_occurrences" o where o.id = "ticket_inventory"."occurrence_id" and o.status <> 'SCHEDULED'))`;
  const [heldSales] = await tx
    .select({ sold: sql<number>`coalesce(sum(${ticketInventory.sold}), 0)::int` })
    .from(ticketInventory)
    .where(and(eq(ticketInventory.eventId, eventId), wrongShape));
  if ((heldSales?.sold ?? 0) > 0) {
    throw conflictOn(
      `${heldSales?.sold} tickets were sold under the other booking mode; the class type cannot change.`,
      'classTypeId',
    );
  }
  await tx.delete(ticketInventory).where(and(eq(ticketInventory.eventId, eventId), wrongShape));
  if (course) {
    await tx.execute(sql`
      insert into ${ticketInventory} (event_id, ticket_type_id, occurrence_id, capacity)
      select t.event_id, t.id, null, t.quantity from ${eventTicketTypes} t
      where t.event_id = ${eventId}
        and not exists (select 1 from ${ticketInventory} i where i.ticket_type_id = t.id and i.occurrence_id is null)`);
  } else {
    await tx.execute(sql`
      insert into ${ticketInventory} (event_id, ticket_type_id, occurrence_id, capacity)
      select t.event_id, t.id, o.id, t.quantity
      from ${eventTicketTypes} t join ${eventOccurrences} o on o.event_id = t.event_id and o.status = 'SCHEDULED'
      where t.event_id = ${eventId}
        and not exists (select 1 from ${ticketInventory} i where i.ticket_type_id = t.id and i.occurrence_id = o.id)`);
  }
  await tx.execute(sql`
    update ${ticketInventory} i set capacity = t.quantity
    from ${eventTicketTypes} t
    where t.id = i.ticket_type_id and i.event_id = ${eventId} and i.capacity <> t.quantity and i.sold <= t.quantity`);
  const [blocked] = await tx
    .select({ id: ticketInventory.ticketTypeId, sold: sql<number>`max(${ticketInventory.sold})::int` })
    .from(ticketInventory)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, ticketInventory.ticketTypeId))
    .where(
      and(
        eq(ticketInventory.eventId, eventId),
        sql`${ticketInventory.capacity} <> ${eventTicketTypes.quantity}`,
      ),
    )
    .groupBy(ticketInventory.ticketTypeId)
    .limit(1);
  if (blocked) {
    throw conflictOn(
      `${blocked.sold} tickets of this type are already sold; the quantity cannot go below that.`,
      ticketFieldOf(blocked.id),
    );
  }
}

/** First start and last end over the scheduled dates (all dates when every one is cancelled). */
export async function refreshEventTimes(tx: Tx, eventId: string) {
  const scheduled = sql`o.event_id = ${eventId} and o.status = 'SCHEDULED'`;
  const any = sql`o.event_id = ${eventId}`;
  await tx
    .update(events)
    .set({
      startsAt: sql`coalesce((select min(o.starts_at) from "event_occurrences" o where ${scheduled}), (select min(o.starts_at) from "event_occurrences" o where ${any}))`,
      endsAt: sql`coalesce((select max(o.ends_at) from "event_occurrences" o where ${scheduled}), (select max(o.ends_at) from "event_occurrences" o where ${any}))`,
    })
    .where(eq(events.id, eventId));
}

/**
 * Saves the event (a new one when `existing` is null) with everything under it; returns its row.
 * The caller holds the event row (and a new event's organization) locked and sets the status after.
 */
export async function writeEvent(tx: Tx, existing: EventRow | null, input: WriteInput): Promise<EventRow> {
  let event: EventRow;
  if (existing) {
    const [row] = await tx
      .update(events)
      .set(eventValues(input))
      .where(eq(events.id, existing.id))
      .returning();
    if (!row) throw new Error('event vanished');
    event = row;
  } else {
    const [row] = await tx
      .insert(events)
      .values({
        ...eventValues(input),
        organizationId: input.organizationId,
        status: 'DRAFT',
        createdBy: input.createdBy,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('event not created');
    event = row;
  }
  // Rows under the event are held for the whole change, so a sale cannot slip in between the checks.
  const storedOccurrences = existing
    ? await tx.select().from(eventOccurrences).where(eq(eventOccurrences.eventId, event.id)).for('update')
    : [];
  const storedTicketTypes = existing
    ? await tx
        .select({ id: eventTicketTypes.id })
        .from(eventTicketTypes)
        .where(eq(eventTicketTypes.eventId, event.id))
        .for('update')
    : [];
  if (existing) {
    await tx
      .select({ id: ticketInventory.id })
      .from(ticketInventory)
      .where(eq(ticketInventory.eventId, event.id))
      .for('update');
  }
  await writeTags(tx, event.id, input.values.tagIds);
  await writeOccurrences(tx, event, input, storedOccurrences);
  await writeTicketTypes(
    tx,
    event.id,
    input,
    storedTicketTypes.map((t) => t.id),
  );
  const positions = await tx
    .select({ id: eventTicketTypes.id, position: eventTicketTypes.position })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, event.id));
  const fieldOf = new Map(positions.map((p) => [p.id, `ticketTypes.${p.position}.quantity`]));
  await syncInventory(
    tx,
    event.id,
    input.kind === 'CLASS' && input.classBookingMode === 'COURSE',
    (id) => fieldOf.get(id) ?? 'ticketTypes',
  );
  await refreshEventTimes(tx, event.id);
  const [saved] = await tx.select().from(events).where(eq(events.id, event.id));
  if (!saved) throw new Error('event vanished');
  return saved;
}
