import { sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.js';

/**
 * A person of `users` in the query as the door shows them: first and last name, else the username
 * (never the email). Null when the query's (left-joined) user is absent.
 */
export const personName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;
