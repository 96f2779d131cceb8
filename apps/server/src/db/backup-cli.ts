import { backupDatabase } from './backup/backup.js';
import { runCli } from './backup/cli.js';

/** `npm run db:backup -- <file>`: docs/operations.md, "Backups". */
await runCli('backup', async (file, target) => {
  const manifest = await backupDatabase({ ...target, file, log: (line) => console.error(line) });
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  console.log(
    `Backup written to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.mediaFiles} media files, migration ${manifest.migration.count}.`,
  );
});
