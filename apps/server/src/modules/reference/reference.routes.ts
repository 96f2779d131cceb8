import {
  createReason,
  deleteReason,
  getClassType,
  getReasonList,
  getTicketType,
  reasonListWithPagination,
  updateReason,
} from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { classTypes, reasons, ticketTypes } from '../../db/schema/index.js';
import { requireAdmin, requireConsoleCatalogReader } from '../../lib/access.js';
import { addRoute } from '../../lib/route.js';
import type { ReasonService } from './reason.service.js';

/** Seeded reference lists every console user may read. */
export async function referenceRoutes(app: FastifyInstance, opts: { db: Db; reasons: ReasonService }) {
  const { db } = opts;
  const reasonService = opts.reasons;
  addRoute(app, getReasonList, async ({ actor, query }) => {
    requireConsoleCatalogReader(actor);
    const rows = await db
      .select()
      .from(reasons)
      .where(and(eq(reasons.kind, query.kind), eq(reasons.status, 'ACTIVE')))
      .orderBy(asc(reasons.order), asc(reasons.text));
    return {
      message: 'Reasons loaded.',
      result: rows.map((r) => ({ _id: r.id, kind: r.kind, text: r.text, order: r.order })),
    };
  });
  addRoute(app, getClassType, async ({ actor }) => {
    requireConsoleCatalogReader(actor);
    const rows = await db.select().from(classTypes).orderBy(asc(classTypes.order), asc(classTypes.name));
    return {
      message: 'Class types loaded.',
      result: rows.map((r) => ({ _id: r.id, name: r.name, order: r.order })),
    };
  });
  addRoute(app, getTicketType, async ({ actor }) => {
    requireConsoleCatalogReader(actor);
    const rows = await db.select().from(ticketTypes).orderBy(asc(ticketTypes.order), asc(ticketTypes.name));
    return {
      message: 'Ticket types loaded.',
      result: rows.map((r) => ({ _id: r.id, name: r.name, order: r.order })),
    };
  });

  // ---- reasons management (administrators) ----
  addRoute(app, reasonListWithPagination, async ({ actor, query }) => {
    requireAdmin(actor);
    return { message: 'Reasons loaded.', result: await reasonService.page(query) };
  });
  addRoute(app, createReason, async ({ actor, body }) => {
    requireAdmin(actor);
    const result = await reasonService.create(body);
    return { message: `Reason "${result.text}" added.`, result };
  });
  addRoute(app, updateReason, async ({ actor, body }) => {
    requireAdmin(actor);
    const { reasonId, ...input } = body;
    const result = await reasonService.update(reasonId, input);
    return { message: `Reason "${result.text}" saved.`, result };
  });
  addRoute(app, deleteReason, async ({ actor, body }) => {
    requireAdmin(actor);
    const removed = await reasonService.remove(body.reasonId);
    return { message: `Reason "${removed.text}" deleted.`, result: null };
  });
}
