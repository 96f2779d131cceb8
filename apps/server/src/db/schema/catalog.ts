import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const catalogStatusEnum = pgEnum('catalog_status', ['ACTIVE', 'INACTIVE']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Categories and subcategories are two levels of one shape (a function: each table gets its own columns). */
function levelColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image'),
    thumbnail: text('thumbnail'),
    status: catalogStatusEnum('status').notNull().default('ACTIVE'),
    isPopular: boolean('is_popular').notNull().default(false),
    order: integer('order').notNull().default(0),
    ...timestamps,
  };
}

export const categories = pgTable('categories', levelColumns(), (t) => [
  uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`),
  check('categories_order_check', sql`${t.order} >= 0`),
]);

export const subcategories = pgTable('subcategories', levelColumns(), (t) => [
  uniqueIndex('subcategories_name_lower_idx').on(sql`lower(${t.name})`),
  check('subcategories_order_check', sql`${t.order} >= 0`),
]);

/** A subcategory belongs to one or more categories. */
export const subcategoryCategories = pgTable(
  'subcategory_categories',
  {
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.subcategoryId, t.categoryId] }),
    index('subcategory_categories_category_idx').on(t.categoryId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: catalogStatusEnum('status').notNull().default('ACTIVE'),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const requestKindEnum = pgEnum('catalog_request_kind', ['CATEGORY', 'SUBCATEGORY', 'TAG']);
export const requestStatusEnum = pgEnum('catalog_request_status', ['PENDING', 'APPROVED', 'REJECTED']);

/** Organizers' requests for a new category, subcategory or tag. */
export const catalogRequests = pgTable(
  'catalog_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: requestKindEnum('kind').notNull(),
    name: text('name').notNull(),
    note: text('note'),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: requestStatusEnum('status').notNull().default('PENDING'),
    rejectionReason: text('rejection_reason'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdItemId: uuid('created_item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalog_requests_kind_status_idx').on(t.kind, t.status, t.createdAt),
    // One pending request per name and kind: a second organizer asking for the same thing is told so.
    uniqueIndex('catalog_requests_pending_name_idx')
      .on(t.kind, sql`lower(${t.name})`)
      .where(sql`status = 'PENDING'`),
  ],
);

export const visibilityEnum = pgEnum('banner_visibility', ['BEFORE_LOGIN', 'AFTER_LOGIN', 'BOTH']);
export const bannerLinkTypeEnum = pgEnum('banner_link_type', ['EVENT', 'CATEGORY', 'URL']);

export const banners = pgTable(
  'banners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    thumbnail: text('thumbnail'),
    linkType: bannerLinkTypeEnum('link_type').notNull(),
    linkValue: text('link_value').notNull(),
    visibility: visibilityEnum('visibility').notNull().default('BOTH'),
    status: catalogStatusEnum('status').notNull().default('ACTIVE'),
    order: integer('order').notNull().default(0),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('banners_order_idx').on(t.order), check('banners_order_check', sql`${t.order} >= 0`)],
);

export const reasonKindEnum = pgEnum('reason_kind', [
  'REFUND_REQUEST',
  'REFUND_DECLINE',
  'EVENT_REPORT',
  'EVENT_CANCEL',
]);

export const reasons = pgTable(
  'reasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: reasonKindEnum('kind').notNull(),
    text: text('text').notNull(),
    order: integer('order').notNull().default(0),
    status: catalogStatusEnum('status').notNull().default('ACTIVE'),
  },
  (t) => [
    uniqueIndex('reasons_kind_text_idx').on(t.kind, sql`lower(${t.text})`),
    check('reasons_order_check', sql`${t.order} >= 0`),
  ],
);

export const ticketPricingEnum = pgEnum('ticket_pricing', ['PAID', 'FREE', 'DONATION']);
export const classBookingModeEnum = pgEnum('class_booking_mode', ['COURSE', 'DROP_IN']);

/** The reference list behind `get-class-type`; the mode says how a class of this type is booked. */
export const classTypes = pgTable('class_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull().default(0),
  bookingMode: classBookingModeEnum('booking_mode').notNull().default('COURSE'),
});

/** The reference list behind `get-ticket-type`: how a ticket type is priced. */
export const ticketTypes = pgTable('ticket_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  order: integer('order').notNull().default(0),
  pricing: ticketPricingEnum('pricing').notNull().default('PAID'),
});

export type CategoryRow = typeof categories.$inferSelect;
export type SubcategoryRow = typeof subcategories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type CatalogRequestRow = typeof catalogRequests.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
