import { z } from 'zod';
import {
  AnswerValue,
  CheckoutQuestion,
  MAX_CHOICE_LENGTH,
  MAX_QUESTION_CHOICES,
  MAX_QUESTION_HELP,
  MAX_QUESTION_LABEL,
  MAX_QUESTIONS_PER_EVENT,
  QUESTION_MESSAGES,
  QuestionScope,
  QuestionType,
} from './checkout-answers.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { defineRoute, envelope } from './route.js';

export * from './checkout-answers.js';

/**
 * The organizer's calls for questions at checkout (docs/checkout-questions.md). The buyer's side
 * (questions as shown, answers and their check) is checkout-answers.ts, re-exported here.
 */

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
