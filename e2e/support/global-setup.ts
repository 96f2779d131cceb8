import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { e2eLanes } from './lanes.js';
import { freePort, startMarqueeServer } from './marquee-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per lane, indexed by lane - 1 (support/lanes.ts). */
    baseUrls: string[];
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The real server, serving the built console, on a fresh embedded database with the demo data: one per
 * lane, so the journeys of one lane never see another lane's changes.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The console is not built: run "npm run build" first (npm run test:e2e does).');
  }
  const started = await Promise.allSettled(
    Array.from({ length: e2eLanes() }, async () => startMarqueeServer(await freePort())),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    // One lane's server did not start: stop the others, or their processes outlive the run.
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
