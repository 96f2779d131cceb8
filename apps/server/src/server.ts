import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createMediaStorage } from './adapters/media-storage/index.js';
import { buildApp } from './app.js';
import { type BannerFacts, startBanner } from './banner.js';
import { ConfigError, loadConfig } from './config.js';
import { connectDatabase, connectionName } from './db/client.js';
import {
  DataDirInUseError,
  type EmbeddedDatabase,
  EmbeddedPostgresError,
  startEmbeddedPostgres,
} from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { describeDemoAccounts, seedDemoData } from './db/seed.js';
import { seedContent } from './db/seed-content.js';
import { sellingSettings } from './db/seed-orders.js';
import { type StartupLock, withStartupLock } from './db/startup-lock.js';
import { serverRoot } from './lib/server-root.js';
import { shutDown } from './lib/shutdown.js';
import { productionWarnings } from './start-warnings.js';

async function main() {
  const config = loadConfig();
  config.webDistDir ??= path.resolve(serverRoot, '../web/dist');
  // Readable lines and a banner for a person at a terminal; JSON lines for log collectors when the
  // output is piped.
  const forPerson = config.env === 'development' || Boolean(process.stdout.isTTY);
  const logger = forPerson
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
    : { level: config.logLevel };

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      preferredPort: config.embeddedPgPort,
      // A failed statement is the application's to report (PostgreSQL logs it as ERROR too); only a
      // connection or server failure is worth a line of its own.
      log: (line) => {
        if (/\b(FATAL|PANIC):/.test(line)) console.error(`[postgres] ${line}`);
      },
    });
    databaseUrl = embedded.url;
  }

  const database = connectDatabase(databaseUrl, {
    ...config.database,
    applicationName: connectionName('api', config.dbApplicationName),
  });
  // Migrations, seeding and the start-up lock (a session's advisory lock) run on a direct connection
  // of their own (MIGRATION_DATABASE_URL), so DATABASE_URL may go through PgBouncer in transaction
  // mode; it is closed once the server listens.
  const migration = connectDatabase((embedded ? undefined : config.migrationDatabaseUrl) ?? databaseUrl, {
    ...config.database,
    max: 3,
    applicationName: connectionName('migrate', config.dbApplicationName),
  });
  const startupLock: StartupLock = (work) => withStartupLock(migration.pool, work);
  const mediaStorage = createMediaStorage(config);
  // The real server runs the job queue (cancellation refunds, pending refunds, payouts).
  const app = await buildApp({ config, db: database.db, logger, mediaStorage, jobs: true, startupLock });
  let migrationOpen = true;
  const closeMigration = async () => {
    if (!migrationOpen) return;
    migrationOpen = false;
    await migration.close().catch(() => {});
  };
  let stopping = false;
  // A second signal during the drain (Ctrl+C included) cuts it short: the operator wants out now.
  const cutShort = new AbortController();
  // This process owns the order of shutdown (lib/shutdown.ts): readiness 503, the drain, HTTP (in-flight
  // requests finish), the pool, then PostgreSQL (in its own process group, so a terminal's Ctrl+C does
  // not stop it under the draining requests).
  const stop = async (reason: string, exitCode: number, drainMs = config.shutdownDrainMs) => {
    if (stopping) return cutShort.abort();
    stopping = true;
    app.log.info(`${reason}: shutting down`);
    await shutDown({
      app,
      drainMs,
      cutShort: cutShort.signal,
      after: [() => database.close().catch(() => {}), () => closeMigration(), async () => embedded?.stop()],
    });
    if (forPerson && exitCode === 0) console.log('  Marquee stopped.');
    process.exit(exitCode);
  };
  // SIGTERM is what orchestrators and load balancers' hosts send; SIGINT is a person's Ctrl+C, who is
  // not kept waiting for a balancer.
  process.on('SIGINT', () => void stop('SIGINT received', 0, 0));
  process.on('SIGTERM', () => void stop('SIGTERM received', 0));

  try {
    const seeded = await startupLock(async () => {
      await runMigrations(migration.db);
      await seedContent(migration.db);
      return (
        config.seedDemo &&
        (await seedDemoData(migration.db, { media: mediaStorage, selling: sellingSettings(config) }))
      );
    });
    // Listening makes the app ready, which starts the job queue under the same lock.
    await app.listen({ port: config.port, host: config.host });
    await closeMigration();
    const { port } = app.server.address() as AddressInfo;
    // A wildcard address is not one to type in a browser; any other is shown as it is.
    const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
    const facts: BannerFacts = {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      clusterDir: embedded?.clusterDir,
      outboxChannels: [...(config.mail.smtpUrl ? [] : ['emails']), ...(config.sms ? [] : ['text messages'])],
      outboxPage: config.devOutbox,
      demo: config.seedDemo ? (seeded ? 'created' : 'existing') : undefined,
      requestLogs: ['debug', 'trace'].includes(config.logLevel) ? 'all' : 'quiet',
      warnings: productionWarnings(config),
    };
    for (const warning of facts.warnings ?? []) app.log.warn(warning);
    if (forPerson) console.log(startBanner(facts));
    else
      app.log.info(
        { ...facts, demoAccounts: facts.demo && describeDemoAccounts() },
        `Marquee is up at ${facts.url}`,
      );
  } catch (error) {
    app.log.error(error);
    await stop('startup failure', 1, 0);
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
