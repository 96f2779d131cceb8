import { SCAN_HISTORY_EXPORT_PATH, ScanHistoryExportQuery } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { sendExport } from '../../../lib/export/send-export.js';
import { EXPORT_COMPRESSION } from '../../../plugins/compress.js';
import { scanHistoryExport } from '../queries/history-export.js';

/**
 * GET SCAN_HISTORY_EXPORT_PATH (docs/check-in.md): the history of the screen's filters as a CSV or
 * XLSX file, streamed from a cursor like the order exports. Registered by hand because the answer is a
 * file; its access declaration resolves the event at `scan` level (anyone else 404) like the list's.
 */
export function historyExportRoute(app: FastifyInstance, db: Db, clock: Clock) {
  app.get(
    SCAN_HISTORY_EXPORT_PATH,
    {
      config: { access: { event: 'scan', from: 'query.eventId' } },
      // A HEAD would run the whole export for nothing.
      exposeHeadRoute: false,
      compress: EXPORT_COMPRESSION,
      schema: {
        summary: "Export an event's scan history (CSV or XLSX), streamed; x-total-rows gives the count",
        tags: ['Check-in'],
        querystring: ScanHistoryExportQuery,
      },
    },
    async (request, reply) => {
      const event = request.resolved?.event?.event;
      if (!event) throw new Error('the scan history export ran without its event');
      const query = request.query as z.output<typeof ScanHistoryExportQuery>;
      return sendExport(request, reply, await scanHistoryExport(db, event, query, clock.now()));
    },
  );
}
