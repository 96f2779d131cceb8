import type { CheckoutQuestionList, PublicCheckoutQuestion } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import { questionOut } from '../commands/deps.js';
import { answerCounts, attendeeSettings, eventTicketTypeRefs, liveQuestions } from '../repo.js';

/** checkout-question-list: the questions in order, with their answer counts, the switches and the event's ticket types. */
export async function questionList(db: DbOrTx, eventId: string): Promise<CheckoutQuestionList> {
  const [questions, settings, ticketTypes] = await Promise.all([
    liveQuestions(db, eventId),
    attendeeSettings(db, eventId),
    eventTicketTypeRefs(db, eventId),
  ]);
  const counts = await answerCounts(
    db,
    questions.map((q) => q.id),
  );
  return {
    questions: questions.map((q) => ({ ...questionOut(q), answers: counts.get(q.id) ?? 0 })),
    settings,
    ticketTypes,
  };
}

/** What the public event page shows of the checkout: the questions in order and whether attendee emails are asked. */
export async function publicQuestions(
  db: DbOrTx,
  eventId: string,
): Promise<{ questions: PublicCheckoutQuestion[]; attendeeEmails: boolean }> {
  const [questions, settings] = await Promise.all([
    liveQuestions(db, eventId),
    attendeeSettings(db, eventId),
  ]);
  return {
    questions: questions.map((q) => {
      const { position: _position, ...out } = questionOut(q);
      return out;
    }),
    attendeeEmails: settings.attendeeEmails,
  };
}
