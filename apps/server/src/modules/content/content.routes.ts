import { getContentDetail, getContentList, updateContentDetail } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { ContentService } from './content.service.js';

export async function contentRoutes(app: FastifyInstance, opts: { content: ContentService }) {
  const { content } = opts;
  addRoute(app, getContentDetail, async ({ query }) => ({
    message: 'Content loaded.',
    result: await content.page(query.key),
  }));

  addRoute(app, getContentList, async () => ({
    message: 'Pages loaded.',
    result: await content.pages(),
  }));

  addRoute(app, updateContentDetail, async ({ actor, request, body }) => {
    const page = await content.update({ actor, requestId: request.id }, body);
    return { message: `"${page.title}" saved.`, result: page };
  });
}
