import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contents } from '../../db/schema/index.js';

export async function findContent(db: DbOrTx, key: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(contents).where(eq(contents.key, key));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export function listContents(db: DbOrTx) {
  return db.select().from(contents).orderBy(asc(contents.key));
}

export async function updateContent(
  db: DbOrTx,
  key: string,
  input: { title: string; body: string },
  now: Date,
) {
  const [row] = await db
    .update(contents)
    .set({ title: input.title, body: input.body, updatedAt: now })
    .where(eq(contents.key, key))
    .returning();
  return row;
}
