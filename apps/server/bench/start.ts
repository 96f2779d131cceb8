import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { fmt, spread } from './http/measure.js';
import { loadAverage } from './http/processes.js';
import { alternateStarts } from './http/start-anchor.js';
import type { BenchLine } from './lists.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Warm start (issue 25: ≤ 2.0 s to the first health 200): `scripts/measure-start.mjs` starts the built
 * server on a warmed embedded data folder `runs` times; the anchor is bare Fastify + pg (the anchor
 * server) started the same way on the bench's database, same minutes.
 */
export async function benchStart(options: { databaseUrl: string; runs: number }): Promise<BenchLine[]> {
  const load = loadAverage();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'scripts/measure-start.mjs',
      String(options.runs),
      '--',
      process.execPath,
      '--enable-source-maps',
      'apps/server/dist/server.js',
    ],
    // Production mode with source-mapped stacks, as `npm start` runs it (no pretty-printing log worker).
    { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } },
  );
  console.log(stdout.trim());
  const seconds = [...stdout.matchAll(/\/api\/health (\d+\.\d+) s/g)].map((m) => Number(m[1]));
  const bare = await alternateStarts(options.databaseUrl, options.runs);
  const product = spread(seconds);
  const anchor = spread(bare);
  return [
    {
      figure: `warm start to first health 200, s, min/median/max of ${options.runs} (goal ≤ 2.0)`,
      measured: fmt(product, 2),
      raw: `bare Fastify + pg: ${fmt(anchor, 2)} s; load ${load} → ${loadAverage()}`,
      ratio: `${(product.median / anchor.median).toFixed(1)}× bare`,
    },
  ];
}
