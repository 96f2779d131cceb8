import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { DataDirInUseError, relocatedClusterDir, startEmbeddedPostgres } from '../embedded.js';
import { RestoreRefusedError } from './restore.js';

export interface Target {
  databaseUrl: string;
  /** DATA_DIR/media, unless media live in S3. */
  mediaDir?: string;
  close(): Promise<void>;
}

/**
 * The database a backup reads or a restore fills, found the way the server finds it: DATABASE_URL, or
 * the embedded cluster of DATA_DIR. A backup of a running server joins its PostgreSQL (the port is in
 * the cluster's postmaster.pid, the password beside the cluster); otherwise the cluster is started for
 * the command and stopped after it.
 */
export async function openTarget(config: Config, purpose: 'backup' | 'restore'): Promise<Target> {
  const mediaDir = config.media.s3 ? undefined : path.join(config.dataDir, 'media');
  if (config.databaseUrl) return { databaseUrl: config.databaseUrl, mediaDir, close: async () => {} };
  const clusters = [path.join(config.dataDir, 'postgres'), relocatedClusterDir(config.dataDir)];
  if (purpose === 'backup' && !clusters.some((dir) => existsSync(path.join(dir, 'PG_VERSION'))))
    throw new RestoreRefusedError(
      `There is no database in ${config.dataDir}: set DATA_DIR to the server's data folder, or DATABASE_URL.`,
    );
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      preferredPort: config.embeddedPgPort,
      log: (line) => {
        if (/\b(FATAL|PANIC):/.test(line)) console.error(`[postgres] ${line}`);
      },
    });
    return { databaseUrl: embedded.url, mediaDir, close: () => embedded.stop() };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    if (purpose === 'restore')
      throw new RestoreRefusedError(
        `A Marquee server is running on ${config.dataDir}. A restore goes into a data folder no server uses: stop it, or set DATA_DIR to a new folder.`,
      );
    return {
      databaseUrl: await runningClusterUrl(config.dataDir, clusters),
      mediaDir,
      close: async () => {},
    };
  }
}

async function runningClusterUrl(dataDir: string, clusters: string[]) {
  for (const dir of clusters) {
    const pidFile = path.join(dir, 'postmaster.pid');
    if (!existsSync(pidFile)) continue;
    // postmaster.pid: pid, data directory, start time, port, … (one per line).
    const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
    const port = Number(lines[3]);
    if (!Number.isInteger(port) || port <= 0) continue;
    const password = (await fs.readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
    return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`;
  }
  throw new RestoreRefusedError(
    `The server on ${dataDir} holds the folder, but its PostgreSQL is not running yet. Try again once it is up.`,
  );
}
