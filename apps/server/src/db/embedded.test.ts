import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embedded.js';
import { packagedNativeDir } from './embedded-host.js';

const asRoot = process.getuid?.() === 0;

// A checkout under a folder only its owner can enter (/root/…): as root, PostgreSQL runs as the
// postgres user, which can reach neither the binaries nor the data folder there.
describe('the embedded PostgreSQL under a folder closed to others (mode 700)', () => {
  let closed: string;
  let open: string;
  beforeAll(async () => {
    closed = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-closed-'));
    await fs.chmod(closed, 0o700);
    open = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-open-'));
    await fs.chmod(open, 0o755);
    await fs.cp(await packagedNativeDir(), path.join(closed, 'native'), {
      recursive: true,
      verbatimSymlinks: true,
    });
  });
  afterAll(async () => {
    await fs.rm(closed, { recursive: true, force: true });
    await fs.rm(open, { recursive: true, force: true });
  });

  it('starts, with its binaries and cluster where the postgres user can reach them', async () => {
    const dataDir = path.join(closed, 'data');
    const db = await startEmbeddedPostgres({
      dataDir,
      preferredPort: 0,
      nativeDir: path.join(closed, 'native'),
      binaryCacheDir: open,
      relocatedClusterRoot: path.join(open, 'clusters'),
    });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
      if (asRoot) {
        expect(db.clusterDir.startsWith(path.join(open, 'clusters'))).toBe(true);
        expect((await fs.readdir(open)).some((name) => name.startsWith('marquee-postgres-'))).toBe(true);
      } else {
        expect(db.clusterDir).toBe(path.join(dataDir, 'postgres'));
      }
    } finally {
      await db.stop();
    }
    // The same data folder finds the same cluster again.
    const again = await startEmbeddedPostgres({
      dataDir,
      preferredPort: 0,
      nativeDir: path.join(closed, 'native'),
      binaryCacheDir: open,
      relocatedClusterRoot: path.join(open, 'clusters'),
    });
    expect(again.clusterDir).toBe(db.clusterDir);
    await again.stop();
  }, 60_000);

  it.runIf(asRoot)(
    'never swaps an existing cluster it cannot reach for an empty one: it says what to do',
    async () => {
      const dataDir = path.join(closed, 'old-data');
      await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
      const attempt = startEmbeddedPostgres({
        dataDir,
        preferredPort: 0,
        nativeDir: path.join(closed, 'native'),
        binaryCacheDir: open,
        relocatedClusterRoot: path.join(open, 'clusters'),
      });
      await expect(attempt).rejects.toThrow(EmbeddedPostgresError);
      await expect(attempt).rejects.toThrow(/runs as user postgres, which cannot enter .*set DATABASE_URL/);
      // Refused before anything was made: no empty cluster in the relocated place it would have used.
      const relocated = `postgres-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
      await expect(fs.access(path.join(open, 'clusters', relocated))).rejects.toThrow();
      // The lock is released: the folder is free for the next attempt.
      await expect(fs.access(path.join(dataDir, 'server.lock'))).rejects.toThrow();
    },
  );
});

describe('a data folder made by another major version of PostgreSQL', () => {
  it('is refused before anything is touched, saying how to bring the data over', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-old-major-'));
    await fs.chmod(dataDir, 0o755);
    try {
      const clusterDir = path.join(dataDir, 'postgres');
      await fs.mkdir(clusterDir, { mode: 0o700 });
      await fs.writeFile(path.join(clusterDir, 'PG_VERSION'), '17\n');
      const attempt = startEmbeddedPostgres({ dataDir, preferredPort: 0 });
      await expect(attempt).rejects.toThrow(EmbeddedPostgresError);
      await expect(attempt).rejects.toThrow(
        /made by PostgreSQL 17; this Marquee runs PostgreSQL \d+, which cannot open it\. Nothing was changed\..*npm run db:backup.*npm run db:restore/,
      );
      // No initdb, no server: the cluster folder holds what it held.
      expect(await fs.readdir(clusterDir)).toEqual(['PG_VERSION']);
      await expect(fs.access(path.join(dataDir, 'server.lock'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
