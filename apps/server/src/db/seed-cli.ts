import pg from 'pg';
import { createMediaStorage } from '../adapters/media-storage/index.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import { connectDatabase, connectionName } from './client.js';
import { startEmbeddedPostgres } from './embedded.js';
import { runMigrations } from './migrate.js';
import { describeDemoAccounts, seedDemoData } from './seed.js';
import { sellingSettings } from './seed-orders.js';
import {
  checkScale,
  generateScale,
  isScaleName,
  SCALE_EMAIL_DOMAIN,
  SCALE_PASSWORD,
  SCALES,
} from './seed-scale.js';

/**
 * `npm run seed`: migrates, then adds the demo data when the database has no users yet.
 * `npm run seed -- --scale tiny|medium|large`: the same, then a platform at scale (docs/performance.md).
 * `npm run seed -- --check`: verifies the rules of the data with SQL; exit 1 when one fails.
 */
const args = process.argv.slice(2);
const scaleAt = args.indexOf('--scale');
const scale = scaleAt >= 0 ? (args[scaleAt + 1] ?? '') : undefined;
const check = args.includes('--check');
if (scale !== undefined && !isScaleName(scale)) {
  console.error(`--scale takes one of ${Object.keys(SCALES).join(', ')}.`);
  process.exit(2);
}

const config = loadConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: config.dataDir, preferredPort: config.embeddedPgPort });
// Migrating and the long statements of a scale run go straight to PostgreSQL, never through PgBouncer.
const url = config.migrationDatabaseUrl ?? config.databaseUrl ?? (embedded?.url as string);
const database = connectDatabase(url, {
  applicationName: connectionName('seed', config.dbApplicationName),
});
let failed = false;
try {
  await runMigrations(database.db);
  if (!check || scale !== undefined) {
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
  }
  if (scale !== undefined && isScaleName(scale)) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const size = SCALES[scale];
      console.error(
        `Scale "${scale}": ${size.users} users, ${size.organizations} organizations, ${size.events} events, ${size.bookings} orders.`,
      );
      const { ms } = await generateScale(client, size, await hashPassword(SCALE_PASSWORD), (s) => {
        const done = Math.round((s.step / s.steps) * 20);
        console.error(
          `[${'#'.repeat(done)}${'.'.repeat(20 - done)}] step ${s.step}/${s.steps}: ${s.name}` +
            `${s.rows ? ` (${s.rows.toLocaleString('en-US')} rows in the table)` : ''} ${(s.ms / 1000).toFixed(1)} s`,
        );
      });
      console.error(`Scale data generated in ${(ms / 1000).toFixed(1)} s.`);
      console.log(
        `Scale accounts: scale<N>'s email is in the users list (@${SCALE_EMAIL_DOMAIN}); organizers are scale1…scale${size.organizations}; password ${SCALE_PASSWORD}.`,
      );
    } finally {
      await client.end();
    }
  }
  if (check) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const result of await checkScale(client)) {
        const ok = result.violations === 0;
        if (!ok) failed = true;
        console.log(
          `${ok ? 'pass' : 'FAIL'}  ${result.rule}${ok ? '' : ` (${result.violations} violations)`}  ${(result.ms / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await client.end();
    }
  }
} finally {
  await database.close();
  await embedded?.stop();
}
if (failed) process.exit(1);
