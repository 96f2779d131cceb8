import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** Who a message to attendees was for, as chosen (the ids are kept to describe it later). */
export interface StoredAudience {
  kind: 'ALL' | 'OCCURRENCE' | 'TICKET_TYPES' | 'ORDERS';
  occurrenceId?: string;
  ticketTypeIds?: string[];
  bookingIds?: string[];
}

/**
 * A message an event's organizer sent to its attendees (docs/attendee-messages.md): one row per send,
 * written in the same transaction as its outgoing messages (one per recipient address, kind
 * `attendee-message`) and its audit entry. Delivery counts are read from those outgoing messages.
 */
export const attendeeMessages = pgTable(
  'attendee_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's name and address when sent (kept if the account goes). */
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    audience: jsonb('audience').$type<StoredAudience>().notNull(),
    /** The audience in words when sent ("Date: Sat, Mar 7, 2026 7:00 PM (Europe/Berlin)"). */
    audienceLabel: text('audience_label').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    /** The caller's idempotency key: a retried send finds this row and enqueues nothing again. */
    requestKey: text('request_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('attendee_messages_event_idx').on(t.eventId, t.createdAt, t.id),
    uniqueIndex('attendee_messages_request_key_idx')
      .on(t.senderId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    check('attendee_messages_recipients_check', sql`${t.recipientCount} >= 0`),
  ],
);

/**
 * Each organization's use of messages to attendees in the current hour and UTC day: the limits are
 * decided by one guarded UPDATE of this row (never read, then written, in Node), so parallel sends
 * cannot pass them together.
 */
export const organizationMessageQuotas = pgTable(
  'organization_message_quotas',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The start of the hour `sends_in_hour` counts. */
    hourStart: timestamp('hour_start', { withTimezone: true }).notNull(),
    sendsInHour: integer('sends_in_hour').notNull().default(0),
    /** The start (UTC midnight) of the day `recipients_in_day` counts. */
    dayStart: timestamp('day_start', { withTimezone: true }).notNull(),
    recipientsInDay: integer('recipients_in_day').notNull().default(0),
  },
  (t) => [
    check('organization_message_quotas_check', sql`${t.sendsInHour} >= 0 and ${t.recipientsInDay} >= 0`),
  ],
);
