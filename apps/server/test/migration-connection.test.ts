import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { type BuiltServer, serverDir, startBuiltServer, stopBuiltServer } from './built-server.js';
import { withDatabase } from './global-setup.js';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('MIGRATION_DATABASE_URL (configuration)', () => {
  it('is read beside DATABASE_URL, and refused without it', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/marquee',
      MIGRATION_DATABASE_URL: 'postgres://owner@db:5432/marquee',
    });
    expect(config.migrationDatabaseUrl).toBe('postgres://owner@db:5432/marquee');
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/marquee' }).migrationDatabaseUrl).toBeUndefined();
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/marquee' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a@db/m', MIGRATION_DATABASE_URL: 'mysql://owner@db/m' }),
    ).toThrow(/MIGRATION_DATABASE_URL/);
  });
});

/**
 * The built server with DATABASE_URL as a role that may not create tables (as an API process behind
 * PgBouncer would be) and MIGRATION_DATABASE_URL as the database's owner: it starts, so migrations and
 * the start-up lock went through the migration connection. Without MIGRATION_DATABASE_URL the same
 * server fails at its migrations.
 */
describe.skipIf(!databaseUrl)('migrations through MIGRATION_DATABASE_URL (built server)', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `marquee_migrations_${suffix}`;
  const role = `marquee_app_${suffix}`;
  let admin: pg.Client;
  let ownerUrl: string;
  let appUrl: string;
  let server: BuiltServer | undefined;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.query(`create role ${role} login password 'app-password'`);
    // The app may make its job queue's schema and use the tables the owner creates, not create tables in public.
    await admin.query(`grant create on database ${database} to ${role}`);
    ownerUrl = withDatabase(databaseUrl ?? '', database);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query('revoke create on schema public from public');
    const user = new URL(databaseUrl ?? '').username || 'postgres';
    for (const kind of ['tables', 'sequences'])
      await owner.query(
        `alter default privileges for role ${user} in schema public grant all on ${kind} to ${role}`,
      );
    await owner.end();
    const url = new URL(ownerUrl);
    url.username = role;
    url.password = 'app-password';
    appUrl = url.toString();
  }, 60_000);
  afterAll(async () => {
    await stopBuiltServer(server);
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.query(`drop role if exists ${role}`);
    await admin?.end();
  }, 30_000);

  it('without it, the API role cannot migrate: the server stops at start', async () => {
    await expect(startBuiltServer(appUrl, { LOG_LEVEL: 'error' })).rejects.toThrow(
      /exited early[\s\S]*permission denied/,
    );
  }, 60_000);

  it('with it, migrations run as the owner and the API serves on its own role', async () => {
    server = await startBuiltServer(appUrl, { MIGRATION_DATABASE_URL: ownerUrl });
    const health = await fetch(`${server.base}/api/health/ready`);
    expect(health.status).toBe(200);
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ owner: string }>(
        `select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'users'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.owner).not.toBe(role);
    } finally {
      await owner.end();
    }
  }, 60_000);
});
