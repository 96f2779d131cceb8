import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { serverRoot } from '../lib/server-root.js';
import type { Db } from './client.js';
import { ensureReferenceData } from './reference-data.js';

export const MIGRATIONS_DIR = path.join(serverRoot, 'drizzle');

/**
 * Applies the committed migrations, then adds missing reference lists (reasons, class and ticket types);
 * safe to run at every boot (drizzle records what it applied, the lists insert only what is missing).
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await ensureReferenceData(db);
}
