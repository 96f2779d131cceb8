import { PassThrough } from 'node:stream';
import type { ExportFormat as ExportFormatSchema } from '@marquee/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Cell } from './cells.js';
import { type ExportCursor, openExportCursor, type Statement } from './cursor.js';
import { CONTENT_TYPES, fileWriter } from './writers.js';

/** `Harbour Jazz Night!` → `harbour-jazz-night`: ASCII only, so every browser keeps the file name. */
export function fileSlug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'event'
  );
}

export interface ExportFile {
  /** The COUNT and the SELECT of the rows, read in one snapshot. */
  count: Statement;
  select: Statement;
  format: z.infer<typeof ExportFormatSchema>;
  /** Without the extension. */
  fileName: string;
  sheetName: string;
  headers: string[];
  /** One cursor row (values in SELECT order, instants as epoch milliseconds) as the file's cells. */
  cells(values: unknown[]): Cell[];
}

/**
 * Answers a file streamed from a database cursor (docs/selling.md, "Orders and exports"): rows come in
 * batches of EXPORT_BATCH_ROWS and are written as they come, waiting whenever the download is behind,
 * so memory stays flat whatever the row count. `x-total-rows` (counted in the same snapshot) lets the
 * console show progress. An abandoned download stops reading and frees its connection. Each export
 * holds one of the process's export slots while it reads (export-slots.ts).
 */
export async function sendExport(request: FastifyRequest, reply: FastifyReply, file: ExportFile) {
  // A slot first (429 or 503 when there is none): the cursor's connection comes from the exports' pool.
  const slot = request.server.exportSlots.take(request.actor?.user.id ?? 'anonymous');
  let opened: ExportCursor;
  try {
    opened = await openExportCursor(slot.pool, file.count, file.select);
  } catch (error) {
    slot.release();
    throw error;
  }
  // The slot is free again as soon as the database part is over, however it ends.
  const cursor: ExportCursor = {
    ...opened,
    close: (broken) => opened.close(broken).finally(slot.release),
  };
  const output = new PassThrough();
  let allRead = false;
  let abandoned = false;
  // The download was abandoned (tab closed, network gone): stop reading and free the connection.
  reply.raw.once('close', () => {
    if (allRead) return;
    abandoned = true;
    void cursor.close(true);
  });
  const writer = await fileWriter(file.format, output, file.sheetName);

  const pump = async () => {
    writer.header(file.headers);
    for await (const batch of cursor.batches) {
      for (const values of batch) writer.row(file.cells(values));
      await writer.flush();
      if (abandoned || output.destroyed) return;
    }
    allRead = true;
    // The connection goes back before the file's last bytes: the database part is done.
    await cursor.close();
    await writer.end();
  };
  pump().catch((error: unknown) => {
    void cursor.close(true);
    // After an abandoned download the cursor's stream ends early on purpose: nothing to report.
    if (abandoned) return;
    request.log.error({ err: error }, 'export stopped');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  return reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}.${file.format}"`)
    .header('x-total-rows', String(cursor.total))
    .header('cache-control', 'no-store')
    .send(output);
}
