import { sql } from 'drizzle-orm';
import {
  bigserial,
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

export const outgoingStatusEnum = pgEnum('outgoing_message_status', ['PENDING', 'SENT', 'FAILED']);
export const outgoingChannelEnum = pgEnum('outgoing_message_channel', ['EMAIL', 'SMS']);

/**
 * The transactional outbox (docs/operations.md, "Outgoing messages"): every email or SMS a committed
 * change causes is a row written in that change's transaction, sent later by the delivery worker
 * (modules/messages). `data` holds what its renderer needs (ids, not rendered QR images); `secrets`
 * holds what the message must carry but the database otherwise keeps only hashed (a ticket page's
 * access token), and is wiped once the message is sent or given up.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Enqueue order: messages due together go out in the order their changes wrote them. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    channel: outgoingChannelEnum('channel').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    secrets: jsonb('secrets').$type<Record<string, string> | null>(),
    orderId: uuid('order_id'),
    eventId: uuid('event_id'),
    organizationId: uuid('organization_id'),
    /** One message per intent: a change retried or repeated does not enqueue it twice. */
    intentKey: text('intent_key').notNull(),
    status: outgoingStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /**
     * Set while a delivery worker holds the message (claimDueMessages), cleared with its outcome: an
     * administrator's retry may not touch a message being sent. One whose worker died is free again
     * once this has passed.
     */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('outgoing_messages_intent_key').on(t.intentKey),
    index('outgoing_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('outgoing_messages_order_idx').on(t.orderId),
    /** The metrics scrape counts the unsent ones (unsentMessageCounts), however many sent ones are kept. */
    index('outgoing_messages_unsent_idx').on(t.status).where(sql`${t.status} <> 'SENT'`),
    /** The retention purge walks the oldest sent messages (purgeSentMessages). */
    index('outgoing_messages_sent_idx').on(t.sentAt).where(sql`${t.status} = 'SENT'`),
  ],
);
