import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder, found from this file whether it runs as source (src/lib/) or inside the
 * bundle (dist/server.js), so the migrations and the built console are found from both.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('apps/server (with its drizzle/ migrations) not found above the running file');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();
