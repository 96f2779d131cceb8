import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A backup file: gzip of a magic line, then records (one type byte, a 4-byte big-endian length, the
 * payload). Framing rather than tar keeps it writable as a stream without knowing a table's size in
 * advance, and readable with nothing but Node. The trailer comes last: a file without it is cut short.
 */
export const MAGIC = 'MARQUEE-BACKUP\n';
export const FORMAT_VERSION = 1;

export const RECORD = {
  /** JSON BackupHeader. */
  header: 'H',
  /** JSON { schema, name, columns }: the COPY text of the table follows in data records. */
  table: 'T',
  data: 'D',
  /** JSON { rows }: the table's COPY ended with that many rows. */
  tableEnd: 'E',
  /** JSON { name, size }: the file's bytes follow in data records. */
  media: 'M',
  mediaEnd: 'F',
  /** JSON BackupTrailer. */
  trailer: 'Z',
} as const;
export type RecordType = (typeof RECORD)[keyof typeof RECORD];

export interface BackupTable {
  schema: string;
  name: string;
  /** The stored columns (generated ones are computed again on restore). */
  columns: string[];
}

export interface BackupHeader {
  format: number;
  createdAt: string;
  /** The last migration applied to the database backed up (drizzle's journal table). */
  migration: { count: number; createdAt: number; hash: string };
  serverVersion: string;
  /** In load order: a table comes after every table it references. */
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  /** Whether media files from disk follow the tables (false when media live in S3). */
  media: boolean;
}

export interface BackupTrailer {
  /** Rows per table ("schema.name") as the snapshot held them. */
  rowCounts: Record<string, number>;
  mediaFiles: number;
  mediaBytes: number;
}

export type Manifest = BackupHeader & BackupTrailer;

export class BackupFileError extends Error {}

/** Writes records into a gzip'd file, waiting for the disk when its buffer is full. */
export async function openBackupWriter(file: string) {
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  const done = finished(gzip.pipe(out));
  const write = async (chunk: Buffer) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  await write(Buffer.from(MAGIC));
  return {
    async record(type: RecordType, payload: Buffer | object) {
      const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
      const head = Buffer.alloc(5);
      head.write(type, 0, 'latin1');
      head.writeUInt32BE(body.length, 1);
      await write(head);
      if (body.length > 0) await write(body);
    },
    async close() {
      gzip.end();
      await done;
    },
    /** Stops writing after a failure; the caller removes the file. */
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

export interface BackupRecord {
  type: RecordType;
  body: Buffer;
}

/** The records of a backup file, in order; a wrong magic line or a cut-off record is a BackupFileError. */
export async function* readBackupRecords(file: string): AsyncGenerator<BackupRecord> {
  const input: Readable = createReadStream(file).pipe(createGunzip());
  let buffer: Buffer = Buffer.alloc(0);
  let magicSeen = false;
  try {
    for await (const chunk of input) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk as Buffer]) : (chunk as Buffer);
      if (!magicSeen) {
        if (buffer.length < MAGIC.length) continue;
        if (buffer.subarray(0, MAGIC.length).toString('latin1') !== MAGIC)
          throw new BackupFileError(`${file} is not a Marquee backup.`);
        buffer = buffer.subarray(MAGIC.length);
        magicSeen = true;
      }
      while (buffer.length >= 5) {
        const length = buffer.readUInt32BE(1);
        if (buffer.length < 5 + length) break;
        yield { type: buffer.toString('latin1', 0, 1) as RecordType, body: buffer.subarray(5, 5 + length) };
        buffer = buffer.subarray(5 + length);
      }
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} cannot be read as a Marquee backup: ${(error as Error).message}`);
  }
  if (!magicSeen) throw new BackupFileError(`${file} is not a Marquee backup.`);
  if (buffer.length > 0) throw new BackupFileError(`${file} is cut short (its last record is incomplete).`);
}

export const json = <T>(record: BackupRecord) => JSON.parse(record.body.toString('utf8')) as T;

/** The header and trailer of a backup, read through the whole file (which proves it is complete). */
export async function readManifest(file: string): Promise<Manifest> {
  let header: BackupHeader | undefined;
  for await (const record of readBackupRecords(file)) {
    if (record.type === RECORD.header) header = json<BackupHeader>(record);
    if (record.type === RECORD.trailer) {
      if (!header) break;
      return { ...header, ...json<BackupTrailer>(record) };
    }
  }
  throw new BackupFileError(`${file} is cut short: it has no trailer, so it is not a complete backup.`);
}

/** Writes all of `chunk` to a writable stream, waiting for it to drain. */
export async function writeTo(stream: Writable, chunk: Buffer) {
  if (!stream.write(chunk)) await once(stream, 'drain');
}
