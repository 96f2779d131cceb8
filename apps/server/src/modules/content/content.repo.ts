import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { contents } from '../../db/schema/index.js';

export function findContent(db: DbOrTx, key: string) {
  return db.query.contents.findFirst({ where: eq(contents.key, key) });
}
