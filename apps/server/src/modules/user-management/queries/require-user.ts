import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { userNotFound } from '../user-not-found.js';

/** The user a read is about, or the 404 every user read answers when there is none. */
export async function requireUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw userNotFound();
  return row;
}
