import { sql } from 'drizzle-orm';
import {
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
import { events } from './events.js';
import { organizations } from './organizations.js';

/** PERCENT: `amount` is a percentage 1–100; FIXED: minor units off each ticket; REVEAL: no discount. */
export const promoCodeKindEnum = pgEnum('promo_code_kind', ['PERCENT', 'FIXED', 'REVEAL']);
export const promoCodeStatusEnum = pgEnum('promo_code_status', ['ACTIVE', 'PAUSED']);

/**
 * A promo code of one event (docs/promo-codes.md). `uses` counts the orders that hold a use now (HELD
 * or CONFIRMED with `bookings.promo_use_held`); checkout takes one with a guarded
 * `UPDATE … SET uses = uses + 1 WHERE uses < max_uses`, so the limit holds under any concurrency.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Upper case; unique per event. */
    code: text('code').notNull(),
    kind: promoCodeKindEnum('kind').notNull(),
    /** PERCENT: 1–100; FIXED: minor units of the event's currency; REVEAL: 0. */
    amount: integer('amount').notNull().default(0),
    /** Empty: every ticket type (and no hidden one revealed). */
    ticketTypeIds: uuid('ticket_type_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Empty: every date. */
    occurrenceIds: uuid('occurrence_ids').array().notNull().default(sql`'{}'::uuid[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer'),
    uses: integer('uses').notNull().default(0),
    status: promoCodeStatusEnum('status').notNull().default('ACTIVE'),
    /** Codes made together by a bulk creation share it (their CSV is exported by it). */
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_idx').on(t.eventId, t.code),
    index('promo_codes_batch_idx').on(t.batchId),
    check(
      'promo_codes_uses_check',
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
    check(
      'promo_codes_amount_check',
      sql`(${t.kind} = 'PERCENT' and ${t.amount} between 1 and 100) or (${t.kind} = 'FIXED' and ${t.amount} >= 1) or (${t.kind} = 'REVEAL' and ${t.amount} = 0)`,
    ),
    check(
      'promo_codes_limits_check',
      sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and (${t.maxUsesPerBuyer} is null or ${t.maxUsesPerBuyer} >= 1)`,
    ),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
