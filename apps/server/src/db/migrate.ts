import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.js';
import { ensureReferenceData } from './reference-data.js';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Applies the committed migrations, then adds missing reference lists (reasons, class and ticket types);
 * safe to run at every boot (drizzle records what it applied, the lists insert only what is missing).
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await ensureReferenceData(db);
}
