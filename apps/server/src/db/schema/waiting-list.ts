import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.js';
import { eventOccurrences, events, eventTicketTypes, ticketInventory } from './events.js';
import { organizations } from './organizations.js';

/**
 * WAITING: in line. OFFERED: seats held for them until `offerExpiresAt`. ACCEPTED: they started the
 * checkout with the offer. EXPIRED: the offer ran out (it passed to the next). REMOVED: by an
 * organizer. LEFT: they left the list themselves.
 */
export const waitingListStatusEnum = pgEnum('waiting_list_status', [
  'WAITING',
  'OFFERED',
  'ACCEPTED',
  'EXPIRED',
  'REMOVED',
  'LEFT',
]);

/** Per event: whether buyers may join, and how long an offer holds its seats. No row: on, 24 hours. */
export const waitingListSettings = pgTable(
  'waiting_list_settings',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    offerHours: integer('offer_hours').notNull().default(24),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('waiting_list_settings_offer_hours_check', sql`${t.offerHours} between 1 and 168`)],
);

/** One person waiting for seats of one ticket type on one date (inventory row). */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The line's order: first come, first offered. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceId: uuid('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    inventoryId: uuid('inventory_id')
      .notNull()
      .references(() => ticketInventory.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    status: waitingListStatusEnum('status').notNull().default('WAITING'),
    /** The join link's secret, hashed (the buyer's page: position, offer, leave). */
    accessTokenHash: text('access_token_hash').notNull(),
    /** The offer email's link secret, hashed; opens the same page and the checkout with the held seats. */
    offerTokenHash: text('offer_token_hash'),
    /** Seats held for this offer (counted in the inventory's `sold`), at most `quantity`. */
    offeredQuantity: integer('offered_quantity').notNull().default(0),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('waiting_list_entries_seq_idx').on(t.seq),
    /** One place in line per address and line while waiting or offered (two joins at once: one wins). */
    uniqueIndex('waiting_list_entries_active_email_idx')
      .on(t.inventoryId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('WAITING', 'OFFERED')`),
    index('waiting_list_entries_line_idx').on(t.inventoryId, t.status, t.seq),
    index('waiting_list_entries_event_idx').on(t.eventId, t.seq),
    index('waiting_list_entries_offer_due_idx').on(t.offerExpiresAt).where(sql`${t.status} = 'OFFERED'`),
    check('waiting_list_entries_quantity_check', sql`${t.quantity} between 1 and 100`),
    check(
      'waiting_list_entries_offered_check',
      sql`${t.offeredQuantity} >= 0 and ${t.offeredQuantity} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Seats that came back (an order expired, failed, was cancelled or refunded) while people were
 * waiting, kept for the list and not offered yet: still counted in the inventory's `sold`, so nobody
 * else can buy them. The trigger on ticket_inventory (migration 0027) fills it in the transaction that
 * gives the seats back; the waiting-list sweep turns it into offers.
 */
export const waitingListPools = pgTable(
  'waiting_list_pools',
  {
    inventoryId: uuid('inventory_id')
      .primaryKey()
      .references(() => ticketInventory.id, { onDelete: 'cascade' }),
    held: integer('held').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('waiting_list_pools_held_check', sql`${t.held} >= 0`)],
);

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect;
export type WaitingListStatus = WaitingListEntryRow['status'];
