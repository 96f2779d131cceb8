import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { serverDir } from './built-server.js';

/**
 * A server bundle of a test file's own (as `npm start` runs it), beside dist/server.js so that
 * server-start.test.ts, which rebuilds dist/server.js, is never raced by a crash test. `entries` names
 * other entry points (output name → source file), such as the command-line tools.
 */
export async function buildPrivateBundle(
  tag: string,
  entries: Record<string, string> = { server: 'src/server.ts' },
) {
  const dir = path.join(serverDir, 'dist', `${tag}-${randomBytes(4).toString('hex')}`);
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(entries).map(([name, file]) => [name, path.join(serverDir, file)]),
    ),
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node_modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@marquee/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return new PrivateBundle(dir);
}

export interface BundleProcess {
  child: ChildProcess;
  /** Resolves with the signal or exit code once the process ends. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** What it printed so far (stdout and stderr). */
  output(): string;
}

export class PrivateBundle {
  private readonly running: ChildProcess[] = [];
  constructor(readonly dir: string) {}

  /** The bundle in production mode with info logs; `env` completes (and overrides) the runner's environment. */
  start(env: Record<string, string>): BundleProcess {
    const child = spawn(process.execPath, [path.join(this.dir, 'server.js')], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.running.push(child);
    let output = '';
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    return { child, exited, output: () => output };
  }

  /** SIGKILL to every process of this bundle still running (before its database is dropped). */
  killAll() {
    for (const child of this.running) if (child.exitCode === null) child.kill('SIGKILL');
  }

  /** Kills whatever is still running and removes the bundle. */
  async dispose() {
    this.killAll();
    await fs.rm(this.dir, { recursive: true, force: true });
  }
}

/** Polls `check` until it gives something other than false, or fails naming what it waited for. */
export async function waitFor<T>(
  check: () => Promise<T | false> | T | false,
  ms: number,
  what: string | (() => string),
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
