import { runCli } from './backup/cli.js';
import { restoreDatabase } from './backup/restore.js';

/** `npm run db:restore -- <file>`: docs/operations.md, "Restore". */
await runCli('restore', async (file, target) => {
  const manifest = await restoreDatabase({ ...target, file, log: (line) => console.error(line) });
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${file} (made ${manifest.createdAt}): ${manifest.tables.length} tables, ${rows} rows, ${manifest.mediaFiles} media files; row counts match the backup.`,
  );
});
