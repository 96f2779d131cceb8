import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { rowFromJson } from '../../db/named-statement.js';
import {
  checkoutAnswers,
  checkoutQuestions,
  events,
  eventTicketTypes,
  type StoredAnswerValue,
} from '../../db/schema/index.js';

export type QuestionRow = typeof checkoutQuestions.$inferSelect;
export type AnswerRow = typeof checkoutAnswers.$inferSelect;
export type NewAnswer = typeof checkoutAnswers.$inferInsert;

const live = (eventId: string) =>
  and(eq(checkoutQuestions.eventId, eventId), isNull(checkoutQuestions.deletedAt));

/** The questions an event asks now, in the organizer's order. */
export async function liveQuestions(db: DbOrTx, eventId: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(checkoutQuestions)
    .where(live(eventId))
    .orderBy(asc(checkoutQuestions.position), asc(checkoutQuestions.createdAt), asc(checkoutQuestions.id));
}

/**
 * The questions an event asks now, in the organizer's order, as one JSON array: a subquery for a read
 * that fetches all a checkout needs in one statement (the booking module's). `eventRef` is the SQL
 * expression naming the event (a parameter or a column of that statement).
 */
export const liveQuestionsJson = (eventRef: string) =>
  `(select coalesce(json_agg(q order by q.position, q.created_at, q.id), '[]'::json)
    from checkout_questions q where q.event_id = ${eventRef} and q.deleted_at is null)`;

/** The rows of `liveQuestionsJson`. */
export function questionsFromJson(json: readonly Record<string, unknown>[]): QuestionRow[] {
  return json.map((row) => rowFromJson(checkoutQuestions, row));
}

/** A question the event still asks, locked for a change; null for any other id. */
export async function lockQuestion(tx: Tx, eventId: string, questionId: string): Promise<QuestionRow | null> {
  const [row] = await tx
    .select()
    .from(checkoutQuestions)
    .where(and(live(eventId), eq(checkoutQuestions.id, questionId)))
    .for('update');
  return row ?? null;
}

export async function insertQuestion(tx: Tx, values: typeof checkoutQuestions.$inferInsert) {
  const [row] = await tx.insert(checkoutQuestions).values(values).returning();
  if (!row) throw new Error('the question was not written');
  return row;
}

export async function updateQuestion(
  tx: Tx,
  questionId: string,
  values: Partial<typeof checkoutQuestions.$inferInsert>,
): Promise<QuestionRow> {
  const [row] = await tx
    .update(checkoutQuestions)
    .set(values)
    .where(eq(checkoutQuestions.id, questionId))
    .returning();
  if (!row) throw new Error('the question was not updated');
  return row;
}

/** The next place at the end of the event's list. */
export async function nextPosition(tx: Tx, eventId: string): Promise<{ position: number; count: number }> {
  const [row] = await tx
    .select({
      position: sql<number>`coalesce(max(${checkoutQuestions.position}) + 1, 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(checkoutQuestions)
    .where(live(eventId));
  return { position: row?.position ?? 0, count: row?.count ?? 0 };
}

/** Answers given per question (stored answers with a value). */
export async function answerCounts(db: DbOrTx, questionIds: string[]): Promise<Map<string, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: checkoutAnswers.questionId, n: sql<number>`count(*)::int` })
    .from(checkoutAnswers)
    .where(and(inArray(checkoutAnswers.questionId, questionIds), sql`${checkoutAnswers.value} is not null`))
    .groupBy(checkoutAnswers.questionId);
  return new Map(rows.map((r) => [r.id ?? '', r.n]));
}

export async function eventTicketTypeRefs(db: DbOrTx, eventId: string) {
  return db
    .select({ _id: eventTicketTypes.id, name: eventTicketTypes.name })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.name), asc(eventTicketTypes.id));
}

export async function attendeeSettings(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ attendeeNames: events.attendeeNames, attendeeEmails: events.attendeeEmails })
    .from(events)
    .where(eq(events.id, eventId));
  return row ?? { attendeeNames: false, attendeeEmails: false };
}

export async function setAttendeeSettings(
  tx: Tx,
  eventId: string,
  values: { attendeeNames: boolean; attendeeEmails: boolean; updatedAt: Date },
) {
  await tx.update(events).set(values).where(eq(events.id, eventId));
}

export async function insertAnswers(tx: Tx, rows: NewAnswer[]) {
  if (rows.length > 0) await tx.insert(checkoutAnswers).values(rows);
}

/**
 * The ticket each answer belongs to: the ticket of the answer's type at the answer's seat, counting the
 * order's tickets of that type in the order they were issued (confirmation issues them seat by seat).
 */
// Qualified by hand: Drizzle writes a one-table select's columns without their table.
const ticketOfAnswer = sql<string | null>`(
  select t.id from (
    select id, row_number() over (order by created_at, id) - 1 as seat
    from tickets where booking_id = checkout_answers.booking_id and ticket_type_id = checkout_answers.ticket_type_id
  ) t where t.seat = checkout_answers.seat
)`;

const answerColumns = {
  id: checkoutAnswers.id,
  bookingId: checkoutAnswers.bookingId,
  questionId: checkoutAnswers.questionId,
  builtin: checkoutAnswers.builtin,
  label: checkoutAnswers.label,
  type: checkoutAnswers.type,
  choices: checkoutAnswers.choices,
  ticketTypeId: checkoutAnswers.ticketTypeId,
  seat: checkoutAnswers.seat,
  position: checkoutAnswers.position,
  value: checkoutAnswers.value,
  updatedAt: checkoutAnswers.updatedAt,
  ticketId: ticketOfAnswer,
};
export type AnswerRead = {
  id: string;
  bookingId: string;
  questionId: string | null;
  builtin: string | null;
  label: string;
  type: AnswerRow['type'];
  choices: string[];
  ticketTypeId: string | null;
  seat: number | null;
  position: number;
  value: StoredAnswerValue;
  updatedAt: Date;
  ticketId: string | null;
};

const answerOrder = [
  sql`${checkoutAnswers.ticketTypeId} nulls first`,
  asc(checkoutAnswers.seat),
  asc(checkoutAnswers.position),
  asc(checkoutAnswers.id),
];

export async function answersOfBookings(db: DbOrTx, bookingIds: string[]): Promise<AnswerRead[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select(answerColumns)
    .from(checkoutAnswers)
    .where(inArray(checkoutAnswers.bookingId, bookingIds))
    .orderBy(asc(checkoutAnswers.bookingId), ...answerOrder);
}

/** The tickets of an event among `ticketIds`, with their orders (others are left out). */
export async function ticketsOfEvent(db: DbOrTx, eventId: string, ticketIds: string[]) {
  if (ticketIds.length === 0) return [];
  const rows = await db.execute<{ id: string; booking_id: string }>(
    sql`select id, booking_id from tickets where event_id = ${eventId}
        and id = any(${`{${ticketIds.join(',')}}`}::uuid[])`,
  );
  return rows.rows.map((r) => ({ id: r.id, bookingId: r.booking_id }));
}

export async function lockAnswer(tx: Tx, bookingId: string, answerId: string) {
  const [row] = await tx
    .select()
    .from(checkoutAnswers)
    .where(and(eq(checkoutAnswers.id, answerId), eq(checkoutAnswers.bookingId, bookingId)))
    .for('update');
  return row ?? null;
}

export async function setAnswerValue(tx: Tx, answerId: string, value: StoredAnswerValue, now: Date) {
  // jsonb null vs SQL null: an unanswered question is SQL null, like at checkout.
  await tx
    .update(checkoutAnswers)
    .set({ value: value === null ? sql`null` : value, updatedAt: now })
    .where(eq(checkoutAnswers.id, answerId));
}

export async function answerById(db: DbOrTx, answerId: string): Promise<AnswerRead | null> {
  const [row] = await db.select(answerColumns).from(checkoutAnswers).where(eq(checkoutAnswers.id, answerId));
  return row ?? null;
}

/** The question columns of an event's export: every question ever asked that has an answer, or still asked. */
export async function exportQuestions(db: DbOrTx, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      id: checkoutQuestions.id,
      eventId: checkoutQuestions.eventId,
      scope: checkoutQuestions.scope,
      label: checkoutQuestions.label,
    })
    .from(checkoutQuestions)
    .where(
      and(
        inArray(checkoutQuestions.eventId, eventIds),
        sql`(${checkoutQuestions.deletedAt} is null or exists (select 1 from ${checkoutAnswers} where ${checkoutAnswers.questionId} = ${checkoutQuestions.id}))`,
      ),
    )
    .orderBy(asc(checkoutQuestions.eventId), asc(checkoutQuestions.position), asc(checkoutQuestions.id));
}
