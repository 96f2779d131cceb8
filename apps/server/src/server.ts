import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMediaStorage } from './adapters/media-storage/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { connectDatabase } from './db/client.js';
import {
  DataDirInUseError,
  type EmbeddedDatabase,
  EmbeddedPostgresError,
  startEmbeddedPostgres,
} from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { describeDemoAccounts, seedDemoData } from './db/seed.js';
import { seedContent } from './db/seed-content.js';
import { withStartupLock } from './db/startup-lock.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  config.webDistDir ??= path.resolve(here, '../../web/dist');
  // Readable lines for a person at a terminal (the demo accounts, the URL); JSON lines for log
  // collectors when the output is piped.
  const logger =
    config.env === 'development' || process.stdout.isTTY
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel };

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      preferredPort: config.embeddedPgPort,
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) console.error(`[postgres] ${line}`);
      },
    });
    databaseUrl = embedded.url;
  }

  const database = connectDatabase(databaseUrl);
  const mediaStorage = createMediaStorage(config);
  const app = await buildApp({ config, db: database.db, logger, mediaStorage });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: shutting down`);
    await app.close().catch((error) => app.log.error(error));
    await database.close().catch(() => {});
    await embedded?.stop().catch((error) => app.log.error(error));
    process.exit(0);
  };
  // This process owns the order of shutdown: HTTP (drains requests), the pool, then PostgreSQL.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const seeded = await withStartupLock(database.pool, async () => {
      await runMigrations(database.db);
      await seedContent(database.db);
      return config.seedDemo && (await seedDemoData(database.db, { media: mediaStorage }));
    });
    if (seeded) {
      app.log.info(`Demo data created. Demo accounts (email, password, role):\n${describeDemoAccounts()}`);
    } else if (config.seedDemo) {
      app.log.info(`Demo accounts (if unchanged):\n${describeDemoAccounts()}`);
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      `Marquee is up: console at http://localhost:${config.port}, API docs at http://localhost:${config.port}/api/docs (database: ${embedded ? `embedded PostgreSQL in ${path.resolve(config.dataDir, 'postgres')}` : 'DATABASE_URL'})`,
    );
  } catch (error) {
    app.log.error(error);
    await stop('startup failure');
    process.exit(1);
  }
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof EmbeddedPostgresError
  ) {
    console.error(error.message);
  } else {
    console.error('Marquee could not start:', error);
  }
  process.exit(1);
});
