import { answerText, type ExportKind } from '@marquee/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, type StoredAnswerValue, tickets } from '../../../db/schema/index.js';
import { ATTENDEE_EMAIL_BUILTIN } from '../checkout-answers.js';
import { attendeeSettings, exportQuestions } from '../repo.js';

type Answers = Record<string, StoredAnswerValue> | null;

export interface AnswerColumns {
  headers: string[];
  /** One extra SELECT column: the row's answers as a JSON object keyed by question id. */
  column: SQL<Answers>;
  cells(answers: unknown): string[];
}

/** The order's own answers (not a ticket's). */
const orderAnswers = sql<Answers>`(select jsonb_object_agg(ca.question_id::text, ca.value)
  from checkout_answers ca where ca.booking_id = ${bookings.id} and ca.seat is null)`;

/**
 * A ticket's answers and its order's: the ticket's are those of its type at its seat, its place among
 * the order's tickets of that type in the order they were issued.
 */
const ticketAnswers = sql<Answers>`(select jsonb_object_agg(coalesce(ca.question_id::text, ca.builtin), ca.value)
  from checkout_answers ca where ca.booking_id = ${tickets.bookingId} and (ca.seat is null or (
    ca.ticket_type_id = ${tickets.ticketTypeId} and ca.seat = (select count(*) from tickets t2
      where t2.booking_id = ${tickets.bookingId} and t2.ticket_type_id = ${tickets.ticketTypeId}
      and (t2.created_at, t2.id) < (${tickets.createdAt}, ${tickets.id})))))`;

/**
 * The export of one event's orders, tickets or attendees gets one column per question (every question
 * the event asks, and deleted ones that have answers): the orders export the order's questions, the
 * ticket and attendee exports both kinds and the attendee email when asked. Null when there is none.
 */
export async function exportAnswerColumns(
  db: DbOrTx,
  eventId: string,
  kind: z.infer<typeof ExportKind>,
): Promise<AnswerColumns | null> {
  const questions = (await exportQuestions(db, [eventId])).filter(
    (q) => kind !== 'orders' || q.scope === 'ORDER',
  );
  const keys = questions.map((q) => ({ key: q.id, header: q.label }));
  if (kind !== 'orders' && (await attendeeSettings(db, eventId)).attendeeEmails)
    keys.unshift({ key: ATTENDEE_EMAIL_BUILTIN, header: 'Attendee email' });
  if (keys.length === 0) return null;
  return {
    headers: keys.map((k) => k.header),
    column: kind === 'orders' ? orderAnswers : ticketAnswers,
    cells: (answers) => {
      const map = (answers && typeof answers === 'object' ? answers : {}) as Record<
        string,
        StoredAnswerValue
      >;
      return keys.map((k) => answerText(map[k.key] ?? null));
    },
  };
}
