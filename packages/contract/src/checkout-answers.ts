import { z } from 'zod';
import { groupDigits } from './constants.js';

/**
 * Questions at checkout (docs/checkout-questions.md), the buyer's side: an event asks its buyers questions
 * once per order or once per ticket (the attendee); buyers read them with the public event and answer
 * them in `create-booking`, and the server checks the answers with `checkAnswer`, the same function the
 * buyer's form uses. The organizer's calls (which name the event and declare `manage` on it) are in
 * checkout-questions.ts, which re-exports this module: a buyer's page loads only this one
 * (docs/performance.md, "The thirteenth round").
 */

export const QuestionScope = z.enum(['ORDER', 'ATTENDEE']);
export type QuestionScope = z.infer<typeof QuestionScope>;
export const QuestionType = z.enum([
  'SHORT_TEXT',
  'LONG_TEXT',
  'SINGLE_CHOICE',
  'MULTIPLE_CHOICE',
  'CHECKBOX',
  'NUMBER',
  'DATE',
  'PHONE',
  'EMAIL',
]);
export type QuestionType = z.infer<typeof QuestionType>;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SHORT_TEXT: 'Short text',
  LONG_TEXT: 'Long text',
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  CHECKBOX: 'Checkbox (e.g. consent)',
  NUMBER: 'Number',
  DATE: 'Date',
  PHONE: 'Phone',
  EMAIL: 'Email',
};
export const QUESTION_SCOPE_LABELS: Record<QuestionScope, string> = {
  ORDER: 'Once per order',
  ATTENDEE: 'For each ticket (attendee)',
};

export const MAX_QUESTIONS_PER_EVENT = 50;
export const MAX_QUESTION_LABEL = 200;
export const MAX_QUESTION_HELP = 500;
export const MAX_QUESTION_CHOICES = 50;
export const MAX_CHOICE_LENGTH = 200;
export const MAX_SHORT_ANSWER = 200;
export const MAX_LONG_ANSWER = 2000;
/** The built-in attendee email's key in an attendee's answers (`attendees.<i>.email`). */
export const ATTENDEE_EMAIL_KEY = 'email';

export const QUESTION_MESSAGES = {
  required: 'This question needs an answer',
  consent: 'Tick this box to continue',
  tooLong: (max: number) => `At most ${groupDigits(max)} characters`,
  chooseOne: 'Choose one of the options',
  chooseListed: 'Choose from the options shown',
  number: 'Enter a number',
  date: 'Enter a date (YYYY-MM-DD)',
  phone: 'Enter a phone number (digits, spaces, +, - and brackets)',
  email: 'Enter a valid email address',
  text: 'Enter text',
  notAsked: 'This question is not asked for this order',
  attendeesCount: 'Give one set of answers for each ticket',
  choicesNeeded: 'Give at least two choices',
  choicesUnique: 'Each choice can be given once',
  unknownQuestion: 'The question',
  unknownTicketType: 'Choose ticket types of this event',
  reorderAll: 'List every question of the event once',
  tooMany: `An event can ask at most ${MAX_QUESTIONS_PER_EVENT} questions`,
  created: 'Question added.',
  updated: 'Question saved.',
  deleted: 'Question deleted. Answers already given are kept.',
  reordered: 'Order of questions saved.',
  settingsSaved: 'Attendee details saved.',
  answerCorrected: 'Answer corrected.',
} as const;

/** A buyer's answer: text (also dates, phones, emails and one choice), several choices, a tick or a number. */
export const AnswerValue = z.union([
  z.string().max(MAX_LONG_ANSWER, QUESTION_MESSAGES.tooLong(MAX_LONG_ANSWER)),
  z.array(z.string().max(MAX_CHOICE_LENGTH)).max(MAX_QUESTION_CHOICES),
  z.boolean(),
  z.number().finite(),
  z.null(),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** Answers keyed by question id (an attendee's may also carry the built-in `email`). */
export const AnswerMap = z.record(z.string().max(40), AnswerValue);
export type AnswerMap = z.infer<typeof AnswerMap>;

/** What `checkAnswer` needs of a question. */
export interface AskedQuestion {
  type: QuestionType;
  required: boolean;
  choices: readonly string[];
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = /^\+?[0-9 ()-]{6,24}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export type AnswerCheck = { ok: true; value: AnswerValue } | { ok: false; message: string };

/**
 * One answer against its question: the stored form (trimmed; null when unanswered) or the message for
 * the field. The buyer's form and the server call this same function.
 */
export function checkAnswer(question: AskedQuestion, raw: unknown): AnswerCheck {
  const fail = (message: string): AnswerCheck => ({ ok: false, message });
  if (question.type === 'CHECKBOX') {
    if (raw !== undefined && raw !== null && typeof raw !== 'boolean') return fail(QUESTION_MESSAGES.consent);
    if (question.required && raw !== true) return fail(QUESTION_MESSAGES.consent);
    return { ok: true, value: raw === true };
  }
  if (isEmpty(raw)) return question.required ? fail(QUESTION_MESSAGES.required) : { ok: true, value: null };
  switch (question.type) {
    case 'NUMBER': {
      const n = typeof raw === 'string' ? Number(raw.trim()) : raw;
      return typeof n === 'number' && Number.isFinite(n)
        ? { ok: true, value: n }
        : fail(QUESTION_MESSAGES.number);
    }
    case 'MULTIPLE_CHOICE': {
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string'))
        return fail(QUESTION_MESSAGES.chooseListed);
      const picked = [...new Set(raw as string[])];
      if (picked.some((v) => !question.choices.includes(v))) return fail(QUESTION_MESSAGES.chooseListed);
      return { ok: true, value: question.choices.filter((c) => picked.includes(c)) };
    }
    default:
      break;
  }
  if (typeof raw !== 'string') return fail(QUESTION_MESSAGES.text);
  const text = raw.trim();
  switch (question.type) {
    case 'SHORT_TEXT':
      return text.length > MAX_SHORT_ANSWER
        ? fail(QUESTION_MESSAGES.tooLong(MAX_SHORT_ANSWER))
        : { ok: true, value: text };
    case 'LONG_TEXT':
      return text.length > MAX_LONG_ANSWER
        ? fail(QUESTION_MESSAGES.tooLong(MAX_LONG_ANSWER))
        : { ok: true, value: text };
    case 'SINGLE_CHOICE':
      return question.choices.includes(text) ? { ok: true, value: text } : fail(QUESTION_MESSAGES.chooseOne);
    case 'DATE':
      return validDate(text) ? { ok: true, value: text } : fail(QUESTION_MESSAGES.date);
    case 'PHONE':
      return PHONE_RE.test(text) && text.replace(/\D/g, '').length >= 6
        ? { ok: true, value: text }
        : fail(QUESTION_MESSAGES.phone);
    case 'EMAIL':
      return EMAIL_RE.test(text) && text.length <= 254
        ? { ok: true, value: text }
        : fail(QUESTION_MESSAGES.email);
    default:
      return fail(QUESTION_MESSAGES.text);
  }
}

/** Whether a question is asked for a ticket of this type (ATTENDEE) or an order holding these types (ORDER). */
export function questionApplies(
  question: { ticketTypeIds: readonly string[] },
  ticketTypeIds: readonly string[],
): boolean {
  return (
    question.ticketTypeIds.length === 0 || ticketTypeIds.some((id) => question.ticketTypeIds.includes(id))
  );
}

/** The built-in attendee email, checked like an email question. */
export const ATTENDEE_EMAIL_QUESTION: AskedQuestion = { type: 'EMAIL', required: true, choices: [] };

/** A question as the organizer's list shows it. */
export const CheckoutQuestion = z.object({
  _id: z.uuid(),
  scope: QuestionScope,
  type: QuestionType,
  label: z.string(),
  helpText: z.string(),
  choices: z.array(z.string()),
  required: z.boolean(),
  /** Empty: every ticket type. */
  ticketTypeIds: z.array(z.uuid()),
  position: z.number().int(),
});
export type CheckoutQuestion = z.infer<typeof CheckoutQuestion>;

/** A question as a buyer sees it. */
export const PublicCheckoutQuestion = CheckoutQuestion.omit({ position: true });
export type PublicCheckoutQuestion = z.infer<typeof PublicCheckoutQuestion>;
