import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { callerTimeZone } from '../../lib/caller-zone.js';
import { addRoute } from '../../lib/route.js';
import { createAuditLogReads } from './queries/audit-entries.js';

export async function auditLogRoutes(app: FastifyInstance, opts: { db: Db }) {
  const reads = createAuditLogReads(opts.db);
  addRoute(app, c.getAuditLogList, async ({ actor, query, request }) => ({
    message: 'Audit log loaded.',
    result: await reads.list(query, callerTimeZone(request, actor)),
  }));
  addRoute(app, c.getAuditFilterOptions, async () => ({
    message: 'Filters loaded.',
    result: await reads.options(),
  }));
}
