import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The major version a cluster's files were made by (its PG_VERSION file), or null when there is none yet. */
export async function clusterMajor(clusterDir: string): Promise<string | null> {
  try {
    return (await fs.readFile(path.join(clusterDir, 'PG_VERSION'), 'utf8')).trim();
  } catch {
    return null;
  }
}

/** The major version of a PostgreSQL build: `postgres -V` answers "postgres (PostgreSQL) 18.4". */
export function binaryMajor(postgresBin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(postgresBin, ['-V'], { env: { ...process.env, LC_MESSAGES: 'C' } }, (error, stdout) => {
      const major = /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1];
      if (error || !major) reject(new Error(`${postgresBin} -V: ${error?.message ?? stdout.trim()}`));
      else resolve(major);
    });
  });
}

/**
 * Why this PostgreSQL build may not start on the cluster, or null when it may (same major version, or
 * no cluster yet). A new major version cannot open an older one's files, and starting it would only
 * fail with PostgreSQL's own FATAL line: this says what to do instead, before anything is touched
 * (docs/operations.md, "Upgrading the embedded PostgreSQL").
 */
export async function otherMajorRefusal(postgresBin: string, clusterDir: string): Promise<string | null> {
  const had = await clusterMajor(clusterDir);
  if (had === null) return null;
  const runs = await binaryMajor(postgresBin);
  if (had === runs) return null;
  return (
    `The database in ${clusterDir} was made by PostgreSQL ${had}; this Marquee runs PostgreSQL ${runs}, which cannot open it. Nothing was changed. ` +
    `To bring the data over: with the Marquee version that made it (embedded PostgreSQL ${had}), run \`npm run db:backup -- <file>\`; ` +
    `then, with this version, \`DATA_DIR=<a new, empty folder> npm run db:restore -- <file>\` and start on that folder ` +
    '(docs/operations.md, "Upgrading the embedded PostgreSQL").'
  );
}
