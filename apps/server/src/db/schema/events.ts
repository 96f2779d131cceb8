import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  categories,
  classBookingModeEnum,
  classTypes,
  reasons,
  subcategories,
  tags,
  ticketPricingEnum,
} from './catalog.js';
import { organizationMembers, organizations } from './organizations.js';
import { users } from './users.js';

/** docs/events.md: one event model, three kinds; every kind has occurrences. */
export const eventKindEnum = pgEnum('event_kind', ['SINGLE', 'MULTI', 'CLASS']);
export const eventStatusEnum = pgEnum('event_status', ['DRAFT', 'PUBLISHED', 'COMPLETED', 'CANCELLED']);
export const eventVisibilityEnum = pgEnum('event_visibility', ['PUBLIC', 'PRIVATE']);
export const locationTypeEnum = pgEnum('location_type', ['VENUE', 'ONLINE']);
export const occurrenceStatusEnum = pgEnum('occurrence_status', ['SCHEDULED', 'CANCELLED']);
export const eventTeamRoleEnum = pgEnum('event_team_role', ['EVENT_ORGANIZER', 'SCANNER']);

export interface StoredSchedule {
  days: number[];
  startTime: string;
  durationMinutes: number;
  firstDate: string;
  lastDate: string;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    kind: eventKindEnum('kind').notNull(),
    title: text('title').notNull(),
    /** lower(title) with runs of white space collapsed: the duplicate-title check compares this. */
    titleKey: text('title_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(btrim(title), '\\s+', ' ', 'g'))`),
    description: text('description').notNull().default(''),
    /**
     * The public page's current address `/e/<slug>`: given at the first publish, a new one when the title
     * of a published event changes; every slug it ever had stays in `event_slugs` and keeps leading here.
     */
    slug: text('slug'),
    /** Buyers give a name for every ticket (the attendee). */
    attendeeNames: boolean('attendee_names').notNull().default(false),
    /** Buyers give an email address for every ticket (docs/checkout-questions.md). */
    attendeeEmails: boolean('attendee_emails').notNull().default(false),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: uuid('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    classTypeId: uuid('class_type_id').references(() => classTypes.id, { onDelete: 'set null' }),
    /** Copied from the class type when saved, so a later change of the list cannot recount sold seats. */
    classBookingMode: classBookingModeEnum('class_booking_mode'),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    locationType: locationTypeEnum('location_type'),
    venueName: text('venue_name'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    onlineUrl: text('online_url'),
    /** IANA zone in which the console shows and edits the event's times. */
    timeZone: text('time_zone'),
    visibility: eventVisibilityEnum('visibility').notNull().default('PUBLIC'),
    status: eventStatusEnum('status').notNull().default('DRAFT'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isReported: boolean('is_reported').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    reportReasonId: uuid('report_reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    schedule: jsonb('schedule').$type<StoredSchedule>(),
    /** First start and last end over the scheduled occurrences, kept by the service on every save. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReasonId: uuid('cancel_reason_id').references(() => reasons.id, { onDelete: 'set null' }),
    cancelNote: text('cancel_note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('events_organization_idx').on(t.organizationId, t.status, t.startsAt),
    index('events_status_starts_idx').on(t.status, t.startsAt),
    index('events_title_key_idx').on(t.organizationId, t.titleKey),
    uniqueIndex('events_slug_idx').on(t.slug),
    // The administrators' dashboard counts live and blocked events from these alone.
    index('events_live_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'PUBLISHED' and not ${t.isBlocked} and not ${t.isArchived}`),
    index('events_blocked_idx').on(t.id).where(sql`${t.isBlocked}`),
    check(
      'events_times_check',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'events_published_complete_check',
      sql`${t.status} = 'DRAFT' or (${t.startsAt} is not null and ${t.timeZone} is not null and ${t.locationType} is not null)`,
    ),
  ],
);

export const eventTags = pgTable(
  'event_tags',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.tagId] }), index('event_tags_tag_idx').on(t.tagId)],
);

/**
 * One date of an event (a sub-event of a multi event, a session of a class). `capacity` caps all its
 * ticket types together; `sold` is counted by the selling issue with a guarded UPDATE.
 */
export const eventOccurrences = pgTable(
  'event_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    visibility: eventVisibilityEnum('visibility').notNull().default('PUBLIC'),
    status: occurrenceStatusEnum('status').notNull().default('SCHEDULED'),
    capacity: integer('capacity'),
    sold: integer('sold').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('event_occurrences_event_idx').on(t.eventId, t.startsAt),
    index('event_occurrences_starts_idx').on(t.startsAt),
    check('event_occurrences_times_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('event_occurrences_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check(
      'event_occurrences_sold_check',
      sql`${t.sold} >= 0 and (${t.capacity} is null or ${t.sold} <= ${t.capacity})`,
    ),
  ],
);

/** A ticket type of an event: price in minor units of the organization's currency. */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    pricing: ticketPricingEnum('pricing').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    /** Per occurrence (per course for a course-type class). */
    quantity: integer('quantity').notNull(),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    minPerOrder: integer('min_per_order').notNull().default(1),
    maxPerOrder: integer('max_per_order'),
    /** Not shown to buyers unless a promo code reveals it (presale access; docs/promo-codes.md). */
    hidden: boolean('hidden').notNull().default(false),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('event_ticket_types_event_idx').on(t.eventId, t.position),
    check(
      'event_ticket_types_price_check',
      sql`${t.price} >= 0 and (${t.pricing} <> 'FREE' or ${t.price} = 0)`,
    ),
    check('event_ticket_types_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'event_ticket_types_per_order_check',
      sql`${t.minPerOrder} >= 1 and (${t.maxPerOrder} is null or ${t.maxPerOrder} >= ${t.minPerOrder})`,
    ),
  ],
);

/**
 * What is left to sell: one row per ticket type and occurrence (occurrence null: a course-type class,
 * sold once for all sessions). Selling reserves with
 * `UPDATE ticket_inventory SET sold = sold + n WHERE id = $1 AND sold + n <= capacity`.
 */
export const ticketInventory = pgTable(
  'ticket_inventory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    occurrenceId: uuid('occurrence_id').references(() => eventOccurrences.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull(),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ticket_inventory_type_occurrence_idx').on(
      t.ticketTypeId,
      sql`coalesce(${t.occurrenceId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('ticket_inventory_event_idx').on(t.eventId),
    check('ticket_inventory_sold_check', sql`${t.sold} >= 0 and ${t.sold} <= ${t.capacity}`),
  ],
);

/** Members given a role on one event: event organizer (manage) or scanner (check-in only). */
export const eventTeam = pgTable(
  'event_team',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => organizationMembers.id, { onDelete: 'cascade' }),
    role: eventTeamRoleEnum('role').notNull(),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.memberId] }), index('event_team_member_idx').on(t.memberId)],
);

/**
 * Every slug an event has had (its current one too): unique across all events, for good, so an old link
 * keeps leading to its event after a title change and is never handed to another event. The unique key
 * decides who gets a slug when two publishes of one title race (docs/events.md, "Sharing an event").
 */
export const eventSlugs = pgTable(
  'event_slugs',
  {
    slug: text('slug').primaryKey(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_slugs_event_idx').on(t.eventId)],
);

export type EventRow = typeof events.$inferSelect;
export type OccurrenceRow = typeof eventOccurrences.$inferSelect;
export type EventTicketTypeRow = typeof eventTicketTypes.$inferSelect;
export type InventoryRow = typeof ticketInventory.$inferSelect;
export type EventTeamRow = typeof eventTeam.$inferSelect;
