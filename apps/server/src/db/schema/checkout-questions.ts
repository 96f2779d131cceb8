import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.js';
import { events, eventTicketTypes } from './events.js';
import { organizations } from './organizations.js';

/** docs/checkout-questions.md: asked once per order, or once per ticket (its attendee). */
export const questionScopeEnum = pgEnum('checkout_question_scope', ['ORDER', 'ATTENDEE']);
export const questionTypeEnum = pgEnum('checkout_question_type', [
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

/** What a buyer answered: text (also dates, phones, emails, a choice), several choices, a tick or a number. */
export type StoredAnswerValue = string | string[] | boolean | number | null;

/**
 * A question an event asks at checkout. Deleting one only sets `deleted_at`: answers already given keep
 * pointing at it, and each answer keeps the label and type it was given under.
 */
export const checkoutQuestions = pgTable(
  'checkout_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    scope: questionScopeEnum('scope').notNull(),
    type: questionTypeEnum('type').notNull(),
    label: text('label').notNull(),
    helpText: text('help_text').notNull().default(''),
    /** The choices of SINGLE_CHOICE and MULTIPLE_CHOICE, in the order shown. */
    choices: jsonb('choices').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    required: boolean('required').notNull().default(false),
    /** Asked only for tickets of these types (ATTENDEE) or orders holding one of them (ORDER); empty: all. */
    ticketTypeIds: jsonb('ticket_type_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('checkout_questions_event_idx').on(t.eventId, t.position).where(sql`${t.deletedAt} is null`)],
);

/**
 * One answer of an order: for the order (ticket type and seat null) or for one ticket, named by its ticket
 * type and its seat among the order's tickets of that type (types appear once per order). `label` and
 * `type` are the question's when it was answered. `builtin` marks the attendee email the event can ask
 * for without a question of its own.
 */
export const checkoutAnswers = pgTable(
  'checkout_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => checkoutQuestions.id, { onDelete: 'restrict' }),
    builtin: text('builtin'),
    ticketTypeId: uuid('ticket_type_id').references(() => eventTicketTypes.id, { onDelete: 'restrict' }),
    seat: integer('seat'),
    label: text('label').notNull(),
    type: questionTypeEnum('type').notNull(),
    /** The question's choices when answered: a correction chooses among them. */
    choices: jsonb('choices').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    position: integer('position').notNull(),
    value: jsonb('value').$type<StoredAnswerValue>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('checkout_answers_booking_idx').on(t.bookingId),
    uniqueIndex('checkout_answers_once_idx').on(
      t.bookingId,
      sql`coalesce(${t.questionId}::text, ${t.builtin})`,
      sql`coalesce(${t.ticketTypeId}::text, '')`,
      sql`coalesce(${t.seat}, -1)`,
    ),
    check('checkout_answers_subject_check', sql`(${t.questionId} is null) <> (${t.builtin} is null)`),
    check('checkout_answers_seat_check', sql`(${t.ticketTypeId} is null) = (${t.seat} is null)`),
  ],
);
