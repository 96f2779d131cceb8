import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR } from '../migrate.js';
import { BACKED_UP_SCHEMAS, columnList, key, migrationLevel, qualified } from './catalog.query.js';
import {
  BackupFileError,
  type BackupHeader,
  type BackupRecord,
  type BackupTable,
  type BackupTrailer,
  FORMAT_VERSION,
  json,
  type Manifest,
  RECORD,
  readBackupRecords,
  writeTo,
} from './format.js';

/** The target already holds data, or cannot take this backup; the message says what to do. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions {
  databaseUrl: string;
  file: string;
  /** Where media files go (DATA_DIR/media); undefined when media live in S3 (the backup then has none). */
  mediaDir?: string;
  log?: (line: string) => void;
}

/**
 * Loads a backup into an empty database in one transaction: the migrations up to the backup's level,
 * each table with COPY … FROM STDIN in reference order with the tables' own triggers off (the rows
 * already hold what the triggers would compute, such as an order's seats), the sequences, then a
 * count of every table against the backup's. Any failure rolls all of it back, leaving the target
 * empty for another try. Later migrations run at the next server start, on the restored rows.
 */
export async function restoreDatabase(options: RestoreOptions): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const written: string[] = [];
  try {
    await refuseNonEmpty(client, options.mediaDir);
    await client.query('begin');
    const records = readBackupRecords(path.resolve(options.file));
    const next = async (): Promise<BackupRecord> => {
      const { value, done } = await records.next();
      if (done) throw new BackupFileError(`${options.file} is cut short: it ends before its trailer.`);
      return value;
    };
    const first = await next();
    if (first.type !== RECORD.header) throw new BackupFileError(`${options.file} has no header.`);
    const header = json<BackupHeader>(first);
    if (header.format !== FORMAT_VERSION)
      throw new RestoreRefusedError(
        `${options.file} is a backup of format ${header.format}; this Marquee reads format ${FORMAT_VERSION}.`,
      );
    await migrateTo(client, header.migration);
    log(`migrations applied up to ${header.migration.count}`);
    for (const table of header.tables)
      await client.query(`alter table ${qualified(table)} disable trigger user`);
    let trailer: BackupTrailer | undefined;
    while (!trailer) {
      const record = await next();
      if (record.type === RECORD.table) {
        const table = json<BackupTable>(record);
        const rows = await loadTable(client, table, next);
        log(`${key(table)}: ${rows} rows`);
      } else if (record.type === RECORD.media) {
        if (!options.mediaDir)
          throw new RestoreRefusedError('The backup holds media files, but media are set to go to S3 here.');
        const { name } = json<{ name: string }>(record);
        written.push(await restoreMediaFile(options.mediaDir, name, next));
      } else if (record.type === RECORD.trailer) {
        trailer = json<BackupTrailer>(record);
      } else {
        throw new BackupFileError(`${options.file} has a record of an unknown kind (${record.type}).`);
      }
    }
    for (const table of header.tables)
      await client.query(`alter table ${qualified(table)} enable trigger user`);
    for (const s of header.sequences)
      await client.query(`select setval($1, $2::bigint, $3)`, [qualified(s), s.lastValue, s.isCalled]);
    await verifyCounts(client, header.tables, trailer.rowCounts);
    await client.query('commit');
    if (header.media) log(`media: ${trailer.mediaFiles} files`);
    return { ...header, ...trailer };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    for (const file of written) await fs.rm(file, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function refuseNonEmpty(client: pg.Client, mediaDir: string | undefined) {
  const { rows: tables } = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1)`,
    [BACKED_UP_SCHEMAS],
  );
  for (const table of tables) {
    const { rows } = await client.query(`select 1 from ${qualified(table)} limit 1`);
    if (rows.length > 0)
      throw new RestoreRefusedError(
        `The target database is not empty (table ${key(table)} has rows). A restore goes into an empty database: for the embedded engine, a DATA_DIR no server has started on; with DATABASE_URL, a newly created database.`,
      );
  }
  if (!mediaDir) return;
  const files = await fs.readdir(mediaDir).catch(() => []);
  if (files.some((name) => !name.startsWith('.')))
    throw new RestoreRefusedError(
      `The media folder ${mediaDir} is not empty. A restore goes into an empty data folder.`,
    );
}

/** Applies the committed migrations up to the backup's, as drizzle would, inside the restore's transaction. */
async function migrateTo(client: pg.Client, level: BackupHeader['migration']) {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const index = migrations.findIndex((m) => m.folderMillis === level.createdAt);
  // Matched by the journal's timestamp, as drizzle's migrator matches (it never compares hashes).
  if (index < 0)
    throw new RestoreRefusedError(
      level.createdAt > (migrations.at(-1)?.folderMillis ?? 0)
        ? 'The backup was made by a newer Marquee (it has migrations this one lacks). Restore it with that version or a later one.'
        : "The backup's last migration is not one of this Marquee's migrations; restore it with the version that made it.",
    );
  const applied = await migrationLevel(client);
  if (applied && applied.createdAt > level.createdAt)
    throw new RestoreRefusedError(
      'The target database has newer migrations than the backup. Restore into a new, empty database.',
    );
  await client.query('create schema if not exists drizzle');
  await client.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations.slice(0, index + 1)) {
    if (applied && migration.folderMillis <= applied.createdAt) continue;
    for (const statement of migration.sql) await client.query(statement);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

async function loadTable(client: pg.Client, table: BackupTable, next: () => Promise<BackupRecord>) {
  const stream = client.query(copyFrom(`copy ${qualified(table)} (${columnList(table.columns)}) from stdin`));
  const done = finished(stream);
  // A failed COPY rejects `done` at once; the rejection is handled where it is awaited below.
  done.catch(() => {});
  for (;;) {
    const record = await next();
    if (record.type === RECORD.data) {
      await Promise.race([writeTo(stream, record.body), done]);
      continue;
    }
    if (record.type !== RECORD.tableEnd) throw new BackupFileError(`the data of ${key(table)} is cut short.`);
    stream.end();
    await done;
    const expected = json<{ rows: number }>(record).rows;
    if (stream.rowCount !== expected)
      throw new BackupFileError(
        `${key(table)}: ${stream.rowCount} rows loaded, the backup says ${expected}.`,
      );
    return stream.rowCount;
  }
}

const MEDIA_KEY = /^[A-Za-z0-9._-]+$/;

async function restoreMediaFile(mediaDir: string, name: string, next: () => Promise<BackupRecord>) {
  if (!MEDIA_KEY.test(name) || name.startsWith('.'))
    throw new BackupFileError(`the backup names a media file "${name}" that is not a media key.`);
  await fs.mkdir(mediaDir, { recursive: true });
  const target = path.join(mediaDir, name);
  const out = createWriteStream(target, { flags: 'wx' });
  const done = finished(out);
  done.catch(() => {});
  try {
    for (;;) {
      const record = await next();
      if (record.type === RECORD.mediaEnd) break;
      if (record.type !== RECORD.data) throw new BackupFileError(`the media file ${name} is cut short.`);
      await Promise.race([writeTo(out, record.body), done]);
    }
    out.end();
    await done;
    return target;
  } catch (error) {
    out.destroy();
    await fs.rm(target, { force: true });
    throw error;
  }
}

async function verifyCounts(client: pg.Client, tables: BackupTable[], expected: Record<string, number>) {
  for (const table of tables) {
    const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from ${qualified(table)}`);
    const found = Number(rows[0]?.n);
    if (found !== expected[key(table)])
      throw new BackupFileError(
        `${key(table)} holds ${found} rows after the restore; the backup says ${expected[key(table)]}.`,
      );
  }
}
