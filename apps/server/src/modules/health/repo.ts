import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Resolves when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
