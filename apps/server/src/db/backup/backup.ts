import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  columnList,
  key,
  migrationLevel,
  qualified,
  sequencesOf,
  tablesInLoadOrder,
} from './catalog.query.js';
import {
  type BackupHeader,
  type BackupTrailer,
  FORMAT_VERSION,
  type Manifest,
  openBackupWriter,
  RECORD,
} from './format.js';

export interface BackupOptions {
  databaseUrl: string;
  /** The file to write (replaced only once the backup is complete). */
  file: string;
  /** The media folder on disk (DATA_DIR/media); undefined when media live in S3. */
  mediaDir?: string;
  log?: (line: string) => void;
}

/**
 * A consistent copy of the running database without stopping it: one REPEATABLE READ READ ONLY
 * transaction (one snapshot, which blocks no writer), each table streamed with COPY … TO STDOUT. Media
 * files are copied after the snapshot, so every file a backed-up row names is there (files are
 * written before the rows that name them, and never deleted).
 */
export async function backupDatabase(options: BackupOptions): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const file = path.resolve(options.file);
  const partial = `${file}.partial`;
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const writer = await openBackupWriter(partial);
  try {
    await client.query('begin isolation level repeatable read read only');
    const level = await migrationLevel(client);
    if (!level) throw new Error('The database has no migrations applied: there is nothing to back up.');
    const tables = await tablesInLoadOrder(client);
    // ACCESS SHARE blocks no reader or writer, only DDL (a migration) that would change a table mid-copy.
    if (tables.length > 0)
      await client.query(`lock table ${tables.map(qualified).join(', ')} in access share mode`);
    const { rows: version } = await client.query<{ server_version: string }>('show server_version');
    const header: BackupHeader = {
      format: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration: level,
      serverVersion: version[0]?.server_version ?? 'unknown',
      tables,
      sequences: await sequencesOf(client),
      media: options.mediaDir !== undefined,
    };
    await writer.record(RECORD.header, header);
    const rowCounts: Record<string, number> = {};
    for (const table of tables) {
      await writer.record(RECORD.table, table);
      const stream = client.query(
        copyTo(`copy ${qualified(table)} (${columnList(table.columns)}) to stdout`),
      );
      for await (const chunk of stream) await writer.record(RECORD.data, chunk as Buffer);
      rowCounts[key(table)] = stream.rowCount;
      await writer.record(RECORD.tableEnd, { rows: stream.rowCount });
      log(`${key(table)}: ${stream.rowCount} rows`);
    }
    await client.query('commit');
    const media = options.mediaDir ? await copyMedia(options.mediaDir, writer) : { files: 0, bytes: 0 };
    if (options.mediaDir) log(`media: ${media.files} files, ${media.bytes} bytes`);
    const trailer: BackupTrailer = { rowCounts, mediaFiles: media.files, mediaBytes: media.bytes };
    await writer.record(RECORD.trailer, trailer);
    await writer.close();
    await fs.rename(partial, file);
    return { ...header, ...trailer };
  } catch (error) {
    writer.abort();
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

const MEDIA_KEY = /^[A-Za-z0-9._-]+$/;

async function copyMedia(mediaDir: string, writer: Awaited<ReturnType<typeof openBackupWriter>>) {
  const entries = await fs
    .readdir(mediaDir, { withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
  let files = 0;
  let bytes = 0;
  // Dot files are uploads still being written (media-storage writes aside, then renames).
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.') || !MEDIA_KEY.test(entry.name)) continue;
    const handle = await fs.open(path.join(mediaDir, entry.name));
    try {
      const { size } = await handle.stat();
      await writer.record(RECORD.media, { name: entry.name, size });
      for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: 1 << 20 }))
        await writer.record(RECORD.data, chunk as Buffer);
      await writer.record(RECORD.mediaEnd, Buffer.alloc(0));
      files += 1;
      bytes += size;
    } finally {
      await handle.close();
    }
  }
  return { files, bytes };
}
