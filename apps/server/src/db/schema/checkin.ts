import {
  boolean,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tickets } from './bookings.js';
import { eventOccurrences, events } from './events.js';
import { users } from './users.js';

/** docs/check-in.md: what a scan decided, or a manual mark. */
export const scanResultEnum = pgEnum('scan_result', [
  'ADMITTED',
  'ALREADY_SCANNED',
  'REFUNDED',
  'CANCELLED',
  'WRONG_EVENT',
  'WRONG_DATE',
  'NOT_FOUND',
  'MARKED_SCANNED',
  'MARKED_NOT_SCANNED',
]);
export const scanSourceEnum = pgEnum('scan_source', ['ONLINE', 'OFFLINE', 'MANUAL']);

/**
 * The scan history: every scan and manual mark, kept forever. `nonce` is the client's id of a scan
 * (unique: a replay answers the first outcome). A code that matched no ticket is kept only as its tail.
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceId: uuid('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'set null' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    codeTail: text('code_tail'),
    result: scanResultEnum('result').notNull(),
    source: scanSourceEnum('source').notNull(),
    /** An offline admission the server refused because the ticket was in already: reported, never silent. */
    conflict: boolean('conflict').notNull().default(false),
    /** For ALREADY_SCANNED: the scan whose admission it collided with. */
    previousScanId: uuid('previous_scan_id'),
    scannedBy: uuid('scanned_by').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    nonce: uuid('nonce'),
    /** When it happened at the door (a synced offline scan keeps the device's time). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scans_nonce_idx').on(t.nonce),
    index('scans_event_time_idx').on(t.eventId, t.scannedAt),
    index('scans_ticket_idx').on(t.ticketId),
  ],
);

/**
 * Who is in: one row per ticket and date. The primary key is the rule "admitted at most once per date";
 * a scan admits by inserting here (ON CONFLICT DO NOTHING), so concurrent scans admit exactly one.
 * A course ticket (no date of its own) is admitted once per session.
 */
export const ticketAdmissions = pgTable(
  'ticket_admissions',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    admittedBy: uuid('admitted_by').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id'),
    source: scanSourceEnum('source').notNull(),
    scanId: uuid('scan_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.occurrenceId] }),
    index('ticket_admissions_occurrence_idx').on(t.occurrenceId),
  ],
);
