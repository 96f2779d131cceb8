import { EXPORT_PATH, ExportQuery } from '@marquee/contract';
import { formatInZone } from '@marquee/time';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../lib/access/index.js';
import { callerTimeZone } from '../../../lib/caller-zone.js';
import { fileSlug, sendExport } from '../../../lib/export/send-export.js';
import { EXPORT_COMPRESSION } from '../../../plugins/compress.js';
import { exportAnswerColumns } from '../../checkout-questions/index.js';
import { EXPORT_LAYOUTS } from './columns.js';
import { exportStatements } from './export.query.js';

type Query = z.output<typeof ExportQuery>;

/**
 * GET /api/v1/organizer/export (beyond the spec; docs/selling.md "Orders and exports"): the orders,
 * tickets or attendees of the lists' filters as a CSV or XLSX file. Registered by hand because the
 * answer is a file, not the JSON envelope; it declares its access like every /api route: console
 * callers (403 otherwise), and an event named must be one they may read (404, as on the lists, before
 * any byte of a file).
 *
 * Streamed: rows come from a database cursor in batches of EXPORT_BATCH_ROWS and are written as they
 * come, waiting whenever the download is behind, so memory stays flat whatever the row count (no cap).
 * `x-total-rows` (counted in the same snapshot) lets the console show progress.
 */
export function exportRoute(app: FastifyInstance, db: Db) {
  app.get(
    EXPORT_PATH,
    {
      config: { access: { role: 'console', event: 'read', from: 'query.eventId', optional: true } },
      // A HEAD would run the whole export for nothing: the console asks for the file itself.
      exposeHeadRoute: false,
      compress: EXPORT_COMPRESSION,
      schema: {
        summary: 'Export orders, tickets or attendees (CSV or XLSX), streamed; x-total-rows gives the count',
        tags: ['Orders'],
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const actor = request.actor as Actor;
      const query = request.query as Query;
      const zone = callerTimeZone(request, actor);
      // The event named, resolved by the access declaration; null when the export is of every event.
      const event = request.resolved?.event?.event ?? null;
      // One event's export: a column per checkout question after the layout's (docs/checkout-questions.md).
      const answers = event ? await exportAnswerColumns(db, event.id, query.kind) : null;
      const extra: Parameters<typeof exportStatements>[4] = answers ? { answers: answers.column } : {};
      const { count, select } = exportStatements(db, actor, query, zone, extra);
      const layout = EXPORT_LAYOUTS[query.kind];
      return sendExport(request, reply, {
        count,
        select,
        format: query.format,
        fileName: `${query.kind}-${event ? fileSlug(event.slug ?? event.title) : 'all-events'}-${formatInZone(new Date(), 'yyyy-MM-dd', zone)}`,
        sheetName: query.kind,
        headers: answers ? [...layout.headers, ...answers.headers] : layout.headers,
        cells: answers
          ? (values) => {
              const cells = layout.cells(values);
              for (const answer of answers.cells(values[layout.width])) cells.push(answer);
              return cells;
            }
          : layout.cells,
      });
    },
  );
}
