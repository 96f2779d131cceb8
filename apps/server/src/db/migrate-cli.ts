import { loadConfig } from '../config.js';
import { connectDatabase, connectionName } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';
import { runMigrations } from './migrate.js';

/**
 * `npm run db:migrate`: applies the committed migrations to MIGRATION_DATABASE_URL (else DATABASE_URL),
 * or to the embedded database.
 */
const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, preferredPort: config.embeddedPgPort });
const database = connectDatabase(
  config.migrationDatabaseUrl ?? config.databaseUrl ?? (embedded?.url as string),
  { applicationName: connectionName('migrate', config.dbApplicationName) },
);
try {
  await runMigrations(database.db);
  console.log('Migrations applied.');
} finally {
  await database.close();
  await embedded?.stop();
}
