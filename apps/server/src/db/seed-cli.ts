import { createMediaStorage } from '../adapters/media-storage/index.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';
import { runMigrations } from './migrate.js';
import { describeDemoAccounts, seedDemoData } from './seed.js';
import { sellingSettings } from './seed-orders.js';

/** `npm run seed`: migrates, then adds the demo data when the database has no users yet. */
const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, preferredPort: config.embeddedPgPort });
const database = connectDatabase(config.databaseUrl ?? (embedded?.url as string));
try {
  await runMigrations(database.db);
  const seeded = await seedDemoData(database.db, {
    media: createMediaStorage(config),
    selling: sellingSettings(config),
    onOrders: (orders) => {
      if (orders.created > 0)
        console.log(
          `Demo orders: ${orders.created} (${orders.confirmed} confirmed, ${orders.failed} failed, ${orders.expired} expired holds).`,
        );
    },
  });
  console.log(
    seeded
      ? `Demo data created:\n${describeDemoAccounts()}`
      : 'The database already has users: no accounts seeded (demo organizations without events get the demo events).',
  );
} finally {
  await database.close();
  await embedded?.stop();
}
