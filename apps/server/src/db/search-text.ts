import { sql } from 'drizzle-orm';
import { bookings, users } from './schema/index.js';

/**
 * The searchable text of a row: its searched columns in one string, each of them a part of it, with one
 * trigram index over exactly this expression (migration 0017; the planner matches the expression as
 * written there). Lists compare it first and then each column (`SearchGroup` in db/list-search.ts), so
 * one index finds the candidates where one index per column was OR'ed before.
 */

/** An order's code, buyer name and email (`bookings_search_trgm_idx`). */
export const bookingSearchText = sql`(${bookings.code} || ' ' || ${bookings.buyerName} || ' ' || ${bookings.buyerEmail})`;

/**
 * A user's first and last name (so also the full name "first last"), email, username and phone
 * (`users_search_trgm_idx`).
 */
export const userSearchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.username} || ' ' || coalesce(${users.phone}, ''))`;
