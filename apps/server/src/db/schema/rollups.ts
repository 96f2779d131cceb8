import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The dashboards' roll-ups (docs/dashboards.md, "Speed"): sums of CLOSED UTC hours, written by the
 * roll-up job (db/rollup.ts) from the base tables, never by checkout, refunds or sign-up. An hour is
 * rolled once every transaction that could still write into it has ended (the watermark lags the clock),
 * and its rows never change after (confirmed orders and processed refunds keep their amounts and times).
 * Reads take the hours before the watermark from here and everything else from the base tables.
 *
 * No foreign keys: these rows are derived copies, rebuilt from the base tables when needed; events and
 * organizations with sales cannot be deleted anyway (their bookings restrict it).
 */

/** How far the roll-ups reach: every hour before `rolledUntil` (a whole UTC hour) is in them. */
export const rollupWatermarks = pgTable('rollup_watermarks', {
  name: text('name').primaryKey(),
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const hour = () => timestamp('hour', { withTimezone: true }).notNull();
const money = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** The platform's confirmed orders per hour and currency (the administrators' dashboard). */
export const hourlySales = pgTable(
  'hourly_sales',
  {
    hour: hour(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    gross: money('gross'),
    fees: money('fees'),
  },
  (t) => [primaryKey({ name: 'hourly_sales_pk', columns: [t.hour, t.currency] })],
);

/** Confirmed orders per organization, event, hour and currency (the organizer dashboard). */
export const hourlyEventSales = pgTable(
  'hourly_event_sales',
  {
    organizationId: uuid('organization_id').notNull(),
    eventId: uuid('event_id').notNull(),
    hour: hour(),
    currency: text('currency').notNull(),
    orders: integer('orders').notNull(),
    gross: money('gross'),
    fees: money('fees'),
    organizerAmount: money('organizer_amount'),
    seats: integer('seats').notNull(),
  },
  (t) => [
    primaryKey({ name: 'hourly_event_sales_pk', columns: [t.organizationId, t.hour, t.eventId, t.currency] }),
  ],
);

/**
 * Seats and gross per ticket type (and the line's name of the time) of confirmed orders, per hour.
 * A line's gross is its prices plus its fees when the buyer paid them.
 */
export const hourlyTicketTypeSales = pgTable(
  'hourly_ticket_type_sales',
  {
    organizationId: uuid('organization_id').notNull(),
    eventId: uuid('event_id').notNull(),
    ticketTypeId: uuid('ticket_type_id').notNull(),
    name: text('name').notNull(),
    hour: hour(),
    currency: text('currency').notNull(),
    seats: integer('seats').notNull(),
    gross: money('gross'),
  },
  (t) => [
    primaryKey({
      name: 'hourly_ticket_type_sales_pk',
      columns: [t.organizationId, t.hour, t.ticketTypeId, t.name, t.currency],
    }),
  ],
);

/** Processed refunds per organization, event, hour (of `processed_at`) and currency. */
export const hourlyRefunds = pgTable(
  'hourly_refunds',
  {
    organizationId: uuid('organization_id').notNull(),
    eventId: uuid('event_id').notNull(),
    hour: hour(),
    currency: text('currency').notNull(),
    amount: money('amount'),
    feePart: money('fee_part'),
    organizerPart: money('organizer_part'),
  },
  (t) => [
    primaryKey({ name: 'hourly_refunds_pk', columns: [t.organizationId, t.hour, t.eventId, t.currency] }),
    // The administrators' dashboard sums every organization's refunds of a range of hours.
    index('hourly_refunds_hour_idx').on(t.hour),
  ],
);

/** Accounts created per hour (the administrators' sign-ups and user total). */
export const hourlySignUps = pgTable('hourly_sign_ups', {
  hour: hour().primaryKey(),
  users: integer('users').notNull(),
});
