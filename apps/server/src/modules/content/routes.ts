import { getContentDetail, getContentList, updateContentDetail } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { addRoute } from '../../lib/route.js';
import { updateContentPage } from './commands/update-content-page.js';
import { contentPage, contentPages } from './queries/content-pages.js';

export async function contentRoutes(app: FastifyInstance, deps: { db: Db; unitOfWork: UnitOfWork }) {
  const { db, unitOfWork } = deps;
  addRoute(app, getContentDetail, async ({ query }) => ({
    message: 'Content loaded.',
    result: await contentPage(db, query.key),
  }));

  addRoute(app, getContentList, async () => ({
    message: 'Pages loaded.',
    result: await contentPages(db),
  }));

  addRoute(app, updateContentDetail, async ({ actor, request, body }) => {
    const page = await updateContentPage(unitOfWork, { actor, requestId: request.id }, body);
    return { message: `"${page.title}" saved.`, result: page };
  });
}
