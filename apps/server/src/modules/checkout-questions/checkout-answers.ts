import {
  type AnswerMap,
  type AnswerValue,
  ATTENDEE_EMAIL_KEY,
  ATTENDEE_EMAIL_QUESTION,
  checkAnswer,
  QUESTION_MESSAGES,
  questionApplies,
} from '@marquee/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { attendeeSettings, insertAnswers, liveQuestions, type NewAnswer, type QuestionRow } from './repo.js';

/** The built-in attendee email's marker on its stored answers. */
export const ATTENDEE_EMAIL_BUILTIN = 'ATTENDEE_EMAIL';

export interface AnswersInput {
  lines: readonly { ticketTypeId: string; quantity: number }[];
  answers?: AnswerMap | undefined;
  attendees?: readonly AnswerMap[] | undefined;
}

type Pending = Omit<NewAnswer, 'bookingId' | 'createdAt' | 'updatedAt'>;

export interface CheckedAnswers {
  errors: { field: string; message: string }[];
  /** How many answers `save` writes (none: the checkout needs no statement for them). */
  count: number;
  /** Writes the answers of the new order in the checkout's transaction. */
  save(tx: Tx, bookingId: string, now: Date): Promise<void>;
}

/**
 * create-booking's answers, checked against the event's questions as they are at this checkout: the
 * order's questions once (`answers.<questionId>`), each ticket's for every ticket in the order of the
 * lines (`attendees.<i>.<questionId>`, `attendees.<i>.email`). Every question asked is stored, answered
 * or not, with its label and type of this moment, so a later change of the question leaves it as given
 * and the organizer can fill in an answer that was left empty.
 */
export async function checkCheckoutAnswers(
  db: DbOrTx,
  eventId: string,
  input: AnswersInput,
): Promise<CheckedAnswers> {
  const [questions, settings] = await Promise.all([
    liveQuestions(db, eventId),
    attendeeSettings(db, eventId),
  ]);
  return checkAnswers(questions, settings, input);
}

/**
 * `checkCheckoutAnswers` on questions and settings already read (the checkout reads them with the
 * event in one statement: `liveQuestionsJson`).
 */
export function checkAnswers(
  questions: readonly QuestionRow[],
  settings: { attendeeEmails: boolean },
  input: AnswersInput,
): CheckedAnswers {
  const errors: CheckedAnswers['errors'] = [];
  const pending: Pending[] = [];
  const typeIds = input.lines.map((line) => line.ticketTypeId);

  const ask = (
    field: string,
    question: { type: Pending['type']; required: boolean; choices: readonly string[] },
    raw: AnswerValue | undefined,
    row: Omit<Pending, 'value' | 'type' | 'choices'>,
  ) => {
    const checked = checkAnswer(question, raw);
    if (!checked.ok) errors.push({ field, message: checked.message });
    else pending.push({ ...row, type: question.type, choices: [...question.choices], value: checked.value });
  };

  for (const q of questions) {
    if (q.scope !== 'ORDER' || !questionApplies(q, typeIds)) continue;
    ask(`answers.${q.id}`, q, input.answers?.[q.id], {
      questionId: q.id,
      label: q.label,
      position: q.position,
    });
  }

  const perTicket = questions.filter((q) => q.scope === 'ATTENDEE');
  const seats = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  if ((input.attendees?.length ?? 0) > seats)
    errors.push({ field: 'attendees', message: QUESTION_MESSAGES.attendeesCount });
  let index = 0;
  for (const line of input.lines) {
    for (let seat = 0; seat < line.quantity; seat += 1, index += 1) {
      const given = input.attendees?.[index] ?? {};
      const ticket = { ticketTypeId: line.ticketTypeId, seat };
      if (settings.attendeeEmails) {
        ask(`attendees.${index}.${ATTENDEE_EMAIL_KEY}`, ATTENDEE_EMAIL_QUESTION, given[ATTENDEE_EMAIL_KEY], {
          ...ticket,
          builtin: ATTENDEE_EMAIL_BUILTIN,
          label: 'Attendee email',
          position: -1,
        });
      }
      for (const q of perTicket) {
        if (!questionApplies(q, [line.ticketTypeId])) continue;
        ask(`attendees.${index}.${q.id}`, q, given[q.id], {
          ...ticket,
          questionId: q.id,
          label: q.label,
          position: q.position,
        });
      }
    }
  }

  return {
    errors,
    count: pending.length,
    save: (tx, bookingId, now) =>
      insertAnswers(
        tx,
        pending.map((row) => ({ ...row, bookingId, createdAt: now, updatedAt: now })),
      ),
  };
}
