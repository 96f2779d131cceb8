import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.js';

const anchorEntry = fileURLToPath(new URL('./anchor-server.mjs', import.meta.url));

/** Seconds from spawning the bare anchor to its first health 200, `runs` times. */
export async function alternateStarts(databaseUrl: string, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const port = await freePort();
    const began = performance.now();
    const child = spawn(process.execPath, [anchorEntry], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: 'ignore',
    });
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error('the bare anchor exited early');
      await new Promise((r) => setTimeout(r, 20));
    }
    out.push((performance.now() - began) / 1000);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
  return out;
}
