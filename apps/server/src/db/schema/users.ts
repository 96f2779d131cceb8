import { sql } from 'drizzle-orm';
import {
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

export const roleEnum = pgEnum('role', ['ADMIN', 'USER']);
export const userStatusEnum = pgEnum('user_status', ['ACTIVE', 'BLOCKED']);
export const organizerRequestEnum = pgEnum('organizer_request', ['NONE', 'PENDING', 'APPROVED', 'REJECTED']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    role: roleEnum('role').notNull().default('USER'),
    status: userStatusEnum('status').notNull().default('ACTIVE'),
    organizerRequest: organizerRequestEnum('organizer_request').notNull().default('NONE'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Why an administrator blocked the account (update-user-status); cleared on unblock. */
    blockedReason: text('blocked_reason'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Email and username are unique regardless of case: "Ann@x.com" and "ann@x.com" are one person.
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // A number proven by code belongs to one account; unverified numbers may repeat.
    uniqueIndex('users_verified_phone_idx').on(t.phone).where(sql`${t.phoneVerified}`),
    index('users_status_idx').on(t.status),
    index('users_created_idx').on(t.createdAt),
    // The administrators' queue of organizer requests stays small however many buyers sign up.
    index('users_organizer_request_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.organizerRequest} = 'PENDING'`),
    // The administrators' dashboard counts approved organizers without reading every account.
    index('users_approved_organizers_idx').on(t.createdAt).where(sql`${t.organizerRequest} = 'APPROVED'`),
    check('users_failed_login_count_check', sql`${t.failedLoginCount} >= 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
