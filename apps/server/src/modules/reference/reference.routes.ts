import {
  createReason,
  deleteReason,
  getClassType,
  getReasonList,
  getTicketType,
  reasonListWithPagination,
  updateReason,
} from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { ReasonService } from './reason.service.js';
import type { ReferenceService } from './reference.service.js';

/** Seeded reference lists every console user may read, and the administrators' reasons management. */
export async function referenceRoutes(
  app: FastifyInstance,
  opts: { reference: ReferenceService; reasons: ReasonService },
) {
  const { reference } = opts;
  const reasonService = opts.reasons;
  addRoute(app, getReasonList, async ({ query }) => ({
    message: 'Reasons loaded.',
    result: await reference.activeReasons(query.kind),
  }));
  addRoute(app, getClassType, async () => ({
    message: 'Class types loaded.',
    result: await reference.classTypes(),
  }));
  addRoute(app, getTicketType, async () => ({
    message: 'Ticket types loaded.',
    result: await reference.ticketTypes(),
  }));

  // ---- reasons management (administrators) ----
  addRoute(app, reasonListWithPagination, async ({ query }) => {
    return { message: 'Reasons loaded.', result: await reasonService.page(query) };
  });
  addRoute(app, createReason, async ({ body }) => {
    const result = await reasonService.create(body);
    return { message: `Reason "${result.text}" added.`, result };
  });
  addRoute(app, updateReason, async ({ body }) => {
    const { reasonId, ...input } = body;
    const result = await reasonService.update(reasonId, input);
    return { message: `Reason "${result.text}" saved.`, result };
  });
  addRoute(app, deleteReason, async ({ body }) => {
    const removed = await reasonService.remove(body.reasonId);
    return { message: `Reason "${removed.text}" deleted.`, result: null };
  });
}
