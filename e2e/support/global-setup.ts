import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, startMarqueeServer } from './marquee-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server, serving the built console, on a fresh embedded database with the demo data. */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The console is not built: run "npm run build" first (npm run test:e2e does).');
  }
  const server = await startMarqueeServer(await freePort());
  project.provide('baseUrl', server.url);
  return server.stop;
}
