import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client.js';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the test cluster's maintenance database, for CREATE DATABASE. */
    pgAdminUrl: string;
    /** A migrated database each test file clones, which is much faster than migrating again. */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set, otherwise an embedded one in a
 * temporary folder. The migrations are applied once to a template database.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-test-'));
    // The embedded server runs as an unprivileged user when we are root; it must reach the folder.
    await fs.chmod(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: tempDir, preferredPort: 0 });
    adminUrl = embedded.url;
  }
  const template = `marquee_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(adminUrl, template), 1);
  await runMigrations(database.db);
  await database.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
