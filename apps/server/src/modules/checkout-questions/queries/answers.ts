import { answerText, type CheckoutAnswer } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { type AnswerRead, answersOfBookings, ticketsOfEvent } from '../repo.js';

export function answerOut(row: AnswerRead): CheckoutAnswer {
  return {
    _id: row.id,
    questionId: row.questionId,
    builtin: row.builtin,
    label: row.label,
    type: row.type,
    choices: row.choices,
    ticketTypeId: row.ticketTypeId,
    seat: row.seat,
    ticketId: row.ticketId,
    value: row.value,
    text: answerText(row.value) || '—',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** organizer-booking-answers: the order's answers first, then each ticket's. */
export async function bookingAnswers(db: DbOrTx, bookingId: string): Promise<CheckoutAnswer[]> {
  return (await answersOfBookings(db, [bookingId])).map(answerOut);
}

/**
 * event-ticket-answers: for each ticket of the event among the ids, its own answers and its order's
 * (what the door and the attendee lists show beside a name). Ids of other events are left out.
 */
export async function ticketAnswers(db: DbOrTx, eventId: string, ticketIds: string[]) {
  const found = await ticketsOfEvent(db, eventId, [...new Set(ticketIds)]);
  const answers = await answersOfBookings(db, [...new Set(found.map((t) => t.bookingId))]);
  return found.map((ticket) => ({
    ticketId: ticket.id,
    answers: answers
      .filter((a) => a.bookingId === ticket.bookingId && (a.seat === null || a.ticketId === ticket.id))
      .map(answerOut),
  }));
}
