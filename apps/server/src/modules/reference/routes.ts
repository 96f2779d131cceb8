import {
  createReason as createReasonRoute,
  deleteReason as deleteReasonRoute,
  getClassType,
  getReasonList,
  getTicketType,
  reasonListWithPagination,
  updateReason as updateReasonRoute,
} from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { addRoute } from '../../lib/route.js';
import { createReason } from './commands/create-reason.js';
import { deleteReason } from './commands/delete-reason.js';
import { updateReason } from './commands/update-reason.js';
import { reasonPage } from './queries/reasons.js';
import { activeReasons, classTypeList, ticketTypeList } from './queries/reference-lists.js';

/** Seeded reference lists every console user may read, and the administrators' reasons management. */
export async function referenceRoutes(app: FastifyInstance, deps: { db: Db; unitOfWork: UnitOfWork }) {
  const { db, unitOfWork } = deps;
  addRoute(app, getReasonList, async ({ query }) => ({
    message: 'Reasons loaded.',
    result: await activeReasons(db, query.kind),
  }));
  addRoute(app, getClassType, async () => ({
    message: 'Class types loaded.',
    result: await classTypeList(db),
  }));
  addRoute(app, getTicketType, async () => ({
    message: 'Ticket types loaded.',
    result: await ticketTypeList(db),
  }));

  // ---- reasons management (administrators) ----
  addRoute(app, reasonListWithPagination, async ({ query }) => {
    return { message: 'Reasons loaded.', result: await reasonPage(db, query) };
  });
  addRoute(app, createReasonRoute, async ({ body }) => {
    const result = await createReason(unitOfWork, body);
    return { message: `Reason "${result.text}" added.`, result };
  });
  addRoute(app, updateReasonRoute, async ({ body }) => {
    const { reasonId, ...input } = body;
    const result = await updateReason(unitOfWork, reasonId, input);
    return { message: `Reason "${result.text}" saved.`, result };
  });
  addRoute(app, deleteReasonRoute, async ({ body }) => {
    const removed = await deleteReason(unitOfWork, body.reasonId);
    return { message: `Reason "${removed.text}" deleted.`, result: null };
  });
}
