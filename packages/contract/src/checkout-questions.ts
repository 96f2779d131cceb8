import { z } from 'zod';
import { groupDigits } from './constants.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { defineRoute, envelope } from './route.js';

/**
 * Questions at checkout (docs/checkout-questions.md): an event asks its buyers questions once per order
 * or once per ticket (the attendee). The organizer's calls name the event and declare `manage` on it
 * (owners, administrators, the event's organizers; anyone else 404). Buyers read the questions with the
 * public event and answer them in `create-booking`; the server checks the answers with `checkAnswer`,
 * the same function the buyer's form uses.
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

// ---------- The organizer's side ----------

const eventId = z.uuid({ error: 'Choose an event' });
const questionId = z.uuid({ error: 'Choose a question' });

const questionFields = {
  scope: QuestionScope,
  type: QuestionType,
  label: z
    .string({ error: 'Enter the question' })
    .trim()
    .min(1, 'Enter the question')
    .max(MAX_QUESTION_LABEL, QUESTION_MESSAGES.tooLong(MAX_QUESTION_LABEL)),
  helpText: z
    .string()
    .trim()
    .max(MAX_QUESTION_HELP, QUESTION_MESSAGES.tooLong(MAX_QUESTION_HELP))
    .default(''),
  choices: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Enter the choice')
        .max(MAX_CHOICE_LENGTH, QUESTION_MESSAGES.tooLong(MAX_CHOICE_LENGTH)),
    )
    .max(MAX_QUESTION_CHOICES, `At most ${MAX_QUESTION_CHOICES} choices`)
    .default([]),
  required: z.boolean().default(false),
  ticketTypeIds: z
    .array(z.uuid({ error: 'Choose a ticket type' }))
    .max(50)
    .default([]),
};

const hasChoices = (type: QuestionType) => type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE';

function checkChoices(value: { type: QuestionType; choices: string[] }, ctx: z.RefinementCtx) {
  if (!hasChoices(value.type)) return;
  if (value.choices.length < 2)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: QUESTION_MESSAGES.choicesNeeded });
  else if (new Set(value.choices.map((c) => c.toLowerCase())).size !== value.choices.length)
    ctx.addIssue({ code: 'custom', path: ['choices'], message: QUESTION_MESSAGES.choicesUnique });
}

export const CheckoutQuestionFields = z.object(questionFields).superRefine(checkChoices);
export type CheckoutQuestionFields = z.input<typeof CheckoutQuestionFields>;

export const CreateCheckoutQuestionBody = z.object({ eventId, ...questionFields }).superRefine(checkChoices);
export type CreateCheckoutQuestionBody = z.input<typeof CreateCheckoutQuestionBody>;

export const UpdateCheckoutQuestionBody = z
  .object({ eventId, questionId, ...questionFields })
  .superRefine(checkChoices);
export type UpdateCheckoutQuestionBody = z.input<typeof UpdateCheckoutQuestionBody>;

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

export const AttendeeDetailSettings = z.object({
  /** Each ticket needs its attendee's name. */
  attendeeNames: z.boolean(),
  /** Each ticket needs its attendee's email address. */
  attendeeEmails: z.boolean(),
});
export type AttendeeDetailSettings = z.infer<typeof AttendeeDetailSettings>;

export const CheckoutQuestionList = z.object({
  questions: z.array(CheckoutQuestion.extend({ answers: z.number().int().nonnegative() })),
  settings: AttendeeDetailSettings,
  ticketTypes: z.array(z.object({ _id: z.uuid(), name: z.string() })),
});
export type CheckoutQuestionList = z.infer<typeof CheckoutQuestionList>;

/** One stored answer, with the question's label and type as they were when it was given. */
export const CheckoutAnswer = z.object({
  _id: z.uuid(),
  questionId: z.uuid().nullable(),
  /** `ATTENDEE_EMAIL` for the built-in attendee email. */
  builtin: z.string().nullable(),
  label: z.string(),
  type: QuestionType,
  /** The question's choices when answered (a correction chooses among them). */
  choices: z.array(z.string()),
  /** Null for the order's answers. */
  ticketTypeId: z.uuid().nullable(),
  /** The ticket's place among the order's tickets of its type (0-based); null for the order's. */
  seat: z.number().int().nullable(),
  /** The ticket it belongs to, once the order is confirmed. */
  ticketId: z.uuid().nullable(),
  value: AnswerValue,
  /** The answer in words ("Yes", "Vegan, Gluten-free", "—" when unanswered). */
  text: z.string(),
  updatedAt: z.string(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

/** An answer as a line of text (lists, exports, the door). */
export function answerText(value: AnswerValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

const manage = { event: 'manage', from: 'body.eventId' } as const;
const TAG = 'Checkout questions';

export const checkoutQuestionList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/checkout-question-list`,
  summary: 'The questions an event asks at checkout, in order, with how many answers each has',
  tag: TAG,
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ eventId }),
  response: envelope(CheckoutQuestionList),
});

export const createCheckoutQuestion = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/create-checkout-question`,
  summary: 'Add a question to the checkout of an event (last in the order)',
  tag: TAG,
  access: manage,
  body: CreateCheckoutQuestionBody,
  response: envelope(CheckoutQuestion),
});

export const updateCheckoutQuestion = defineRoute({
  method: 'PUT',
  path: `${ORGANIZER_PATH}/update-checkout-question`,
  summary: 'Change a question; answers already given keep the label and type they were given under',
  tag: TAG,
  access: manage,
  body: UpdateCheckoutQuestionBody,
  response: envelope(CheckoutQuestion),
});

export const deleteCheckoutQuestion = defineRoute({
  method: 'DELETE',
  path: `${ORGANIZER_PATH}/delete-checkout-question`,
  summary: 'Stop asking a question; answers already given are kept',
  tag: TAG,
  access: manage,
  body: z.object({ eventId, questionId }),
  response: envelope(z.null()),
});

export const reorderCheckoutQuestions = defineRoute({
  method: 'PUT',
  path: `${ORGANIZER_PATH}/reorder-checkout-questions`,
  summary: 'Set the order of an event’s questions (every question once)',
  tag: TAG,
  access: manage,
  body: z.object({
    eventId,
    questionIds: z.array(questionId).min(1, QUESTION_MESSAGES.reorderAll).max(MAX_QUESTIONS_PER_EVENT),
  }),
  response: envelope(z.array(CheckoutQuestion)),
});

export const updateAttendeeDetailSettings = defineRoute({
  method: 'PUT',
  path: `${ORGANIZER_PATH}/update-attendee-detail-settings`,
  summary: 'Switch the built-in attendee name and email per ticket on or off',
  tag: TAG,
  access: manage,
  body: z.object({ eventId, ...AttendeeDetailSettings.shape }),
  response: envelope(AttendeeDetailSettings),
});

export const organizerBookingAnswers = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/organizer-booking-answers`,
  summary: 'The checkout answers of one order: the order’s and each ticket’s',
  tag: TAG,
  access: { booking: 'read', from: 'query.bookingId' },
  query: z.object({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(z.array(CheckoutAnswer)),
});

export const MAX_TICKETS_FOR_ANSWERS = 100;

export const eventTicketAnswers = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/event-ticket-answers`,
  summary:
    'The checkout answers of some tickets of an event (the attendee lists and the door): each ticket’s and its order’s',
  tag: TAG,
  access: { event: 'scan', from: 'query.eventId' },
  query: z.object({
    eventId,
    ticketIds: z
      .string()
      .max(MAX_TICKETS_FOR_ANSWERS * 37)
      .regex(/^([0-9a-fA-F-]{36})(,[0-9a-fA-F-]{36})*$/, 'Give ticket ids separated by commas'),
  }),
  response: envelope(z.array(z.object({ ticketId: z.uuid(), answers: z.array(CheckoutAnswer) }))),
});

export const correctCheckoutAnswer = defineRoute({
  method: 'PUT',
  path: `${ORGANIZER_PATH}/correct-checkout-answer`,
  summary: 'Correct one answer of an order (audited with the answer before and after)',
  tag: TAG,
  access: { booking: 'manage', from: 'body.bookingId' },
  body: z.object({
    bookingId: z.uuid({ error: 'Choose an order' }),
    answerId: z.uuid({ error: 'Choose an answer' }),
    value: AnswerValue,
  }),
  response: envelope(CheckoutAnswer),
});

// ---------- The buyer's side ----------

/** A question as buyers see it on the event page. */
export const PublicCheckoutQuestion = CheckoutQuestion.omit({ position: true });
export type PublicCheckoutQuestion = z.infer<typeof PublicCheckoutQuestion>;
