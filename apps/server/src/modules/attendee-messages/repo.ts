import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  attendeeMessages,
  bookingLines,
  bookings,
  eventOccurrences,
  events,
  eventTicketTypes,
  organizationMessageQuotas,
  organizations,
  type StoredAudience,
} from '../../db/schema/index.js';

export type AttendeeMessageRow = typeof attendeeMessages.$inferSelect;
export type QuotaRow = typeof organizationMessageQuotas.$inferSelect;
export type { StoredAudience };

/** A uuid[] parameter (ids were validated as uuids by the contract). */
const uuidArray = (ids: readonly string[] | undefined) => sql`${`{${(ids ?? []).join(',')}}`}::uuid[]`;

/** The condition an audience puts on the event's confirmed orders (`bookings` rows). */
function audienceFilter(audience: StoredAudience) {
  switch (audience.kind) {
    case 'ALL':
      return sql`true`;
    case 'OCCURRENCE':
      // A course's orders name no date: they hold every session, so every session's change is theirs.
      return sql`(${bookings.occurrenceId} = ${audience.occurrenceId ?? null} or ${bookings.occurrenceId} is null)`;
    case 'TICKET_TYPES':
      return sql`exists (select 1 from ${bookingLines} where ${bookingLines.bookingId} = ${bookings.id}
        and ${bookingLines.ticketTypeId} = any(${uuidArray(audience.ticketTypeIds)}))`;
    case 'ORDERS':
      return sql`${bookings.id} = any(${uuidArray(audience.bookingIds)})`;
  }
}

const confirmedOf = (eventId: string, audience: StoredAudience) =>
  and(eq(bookings.eventId, eventId), eq(bookings.status, 'CONFIRMED'), audienceFilter(audience));

/** Distinct addresses (case-insensitive) of the audience, one spelling each, in a stable order. */
export async function audienceRecipients(
  db: DbOrTx,
  eventId: string,
  audience: StoredAudience,
): Promise<string[]> {
  const rows = await db
    .select({ email: sql<string>`min(${bookings.buyerEmail})` })
    .from(bookings)
    .where(confirmedOf(eventId, audience))
    .groupBy(sql`lower(${bookings.buyerEmail})`)
    .orderBy(sql`lower(${bookings.buyerEmail})`);
  return rows.map((row) => row.email);
}

export async function countAudience(db: DbOrTx, eventId: string, audience: StoredAudience): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct lower(${bookings.buyerEmail}))::int` })
    .from(bookings)
    .where(confirmedOf(eventId, audience));
  return row?.n ?? 0;
}

export async function occurrenceOfEvent(db: DbOrTx, eventId: string, occurrenceId: string) {
  const [row] = await db
    .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt })
    .from(eventOccurrences)
    .where(and(eq(eventOccurrences.id, occurrenceId), eq(eventOccurrences.eventId, eventId)));
  return row ?? null;
}

export async function ticketTypesOfEvent(db: DbOrTx, eventId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: eventTicketTypes.id, name: eventTicketTypes.name })
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.eventId, eventId), inArray(eventTicketTypes.id, [...ids])))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.name), asc(eventTicketTypes.id));
}

/** A send already recorded under the caller's idempotency key (a retry finds it and sends nothing). */
export async function messageByRequestKey(tx: Tx, senderId: string, requestKey: string) {
  const [row] = await tx
    .select()
    .from(attendeeMessages)
    .where(and(eq(attendeeMessages.senderId, senderId), eq(attendeeMessages.requestKey, requestKey)));
  return row ?? null;
}

export async function insertAttendeeMessage(
  tx: Tx,
  values: typeof attendeeMessages.$inferInsert,
): Promise<AttendeeMessageRow> {
  const [row] = await tx.insert(attendeeMessages).values(values).returning();
  if (!row) throw new Error('attendee message not inserted');
  return row;
}

export interface QuotaUse {
  organizationId: string;
  hourStart: Date;
  dayStart: Date;
  sends: number;
  recipients: number;
  maxSends: number;
  maxRecipients: number;
}

/**
 * Takes `sends` and `recipients` from the organization's allowance of this hour and day, or nothing:
 * one guarded UPDATE (a counter of an earlier hour or day counts as zero). PostgreSQL re-checks the
 * guard on the row it locked, so parallel sends take the allowance one after the other and never
 * pass it together. Null when the allowance is too small.
 */
export async function takeQuota(tx: Tx, use: QuotaUse): Promise<QuotaRow | null> {
  const q = organizationMessageQuotas;
  await tx
    .insert(q)
    .values({ organizationId: use.organizationId, hourStart: use.hourStart, dayStart: use.dayStart })
    .onConflictDoNothing({ target: q.organizationId });
  const sendsNow = sql`(case when ${q.hourStart} = ${use.hourStart} then ${q.sendsInHour} else 0 end)`;
  const recipientsNow = sql`(case when ${q.dayStart} = ${use.dayStart} then ${q.recipientsInDay} else 0 end)`;
  const [row] = await tx
    .update(q)
    .set({
      sendsInHour: sql`${sendsNow} + ${use.sends}`,
      recipientsInDay: sql`${recipientsNow} + ${use.recipients}`,
      hourStart: use.hourStart,
      dayStart: use.dayStart,
    })
    .where(
      and(
        eq(q.organizationId, use.organizationId),
        sql`${sendsNow} + ${use.sends} <= ${use.maxSends}`,
        sql`${recipientsNow} + ${use.recipients} <= ${use.maxRecipients}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function quotaOf(db: DbOrTx, organizationId: string): Promise<QuotaRow | null> {
  const [row] = await db
    .select()
    .from(organizationMessageQuotas)
    .where(eq(organizationMessageQuotas.organizationId, organizationId));
  return row ?? null;
}

/** What the delivery worker needs to write one message's email. */
export async function messageForDelivery(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      subject: attendeeMessages.subject,
      body: attendeeMessages.body,
      eventTitle: events.title,
      organizationName: organizations.name,
    })
    .from(attendeeMessages)
    .innerJoin(events, eq(events.id, attendeeMessages.eventId))
    .innerJoin(organizations, eq(organizations.id, attendeeMessages.organizationId))
    .where(eq(attendeeMessages.id, id));
  return row ?? null;
}
