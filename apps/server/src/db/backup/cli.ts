import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.js';
import { DataDirInUseError, EmbeddedPostgresError } from '../embedded.js';
import { BackupFileError } from './format.js';
import { RestoreRefusedError } from './restore.js';
import { openTarget, type Target } from './target.js';

/**
 * The shell of `db:backup` and `db:restore`: one file argument, the database found as the server
 * finds it, and a readable message (no stack) for every failure the operator can fix.
 */
export async function runCli(
  command: 'backup' | 'restore',
  work: (file: string, target: Target) => Promise<void>,
) {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]) {
    console.error(`Usage: npm run db:${command} -- <file>`);
    process.exit(2);
  }
  // npm runs workspace scripts inside the workspace; a relative file means the folder the command was typed in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
  try {
    const target = await openTarget(loadConfig(), command);
    try {
      await work(file, target);
    } finally {
      await target.close();
    }
  } catch (error) {
    const known = [
      ConfigError,
      DataDirInUseError,
      EmbeddedPostgresError,
      RestoreRefusedError,
      BackupFileError,
    ];
    if (known.some((kind) => error instanceof kind)) console.error((error as Error).message);
    else console.error(`The ${command} failed:`, error);
    process.exit(1);
  }
}
