import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';

const run = promisify(execFile);

describe('migrations', () => {
  it('match the schema: drizzle-kit generate would produce nothing new', async () => {
    const serverDir = path.resolve(MIGRATIONS_DIR, '..');
    // drizzle-kit takes --out relative to its working directory, so the copy lives under it.
    await fs.mkdir(path.join(serverDir, '.tmp'), { recursive: true });
    const copy = await fs.mkdtemp(path.join(serverDir, '.tmp', 'drift-'));
    try {
      await fs.cp(MIGRATIONS_DIR, copy, { recursive: true });
      const before = (await fs.readdir(copy)).sort();
      const { stdout } = await run(
        'npx',
        [
          'drizzle-kit',
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema/index.ts',
          '--out',
          path.relative(serverDir, copy),
        ],
        { cwd: serverDir },
      );
      const after = (await fs.readdir(copy)).sort();
      expect(
        after,
        `the schema changed without a migration:\n${stdout}\nrun "npm run db:generate -- --name <intent>"`,
      ).toEqual(before);
      expect(stdout).toContain('No schema changes');
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }
  }, 60000);
});
