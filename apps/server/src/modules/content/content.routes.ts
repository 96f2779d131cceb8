import { getContentDetail } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { findContent } from './content.repo.js';

export async function contentRoutes(app: FastifyInstance, opts: { db: Db }) {
  addRoute(app, getContentDetail, async ({ query }) => {
    const row = await findContent(opts.db, query.key);
    if (!row) throw notFound('This page');
    return {
      message: 'Content loaded.',
      result: { key: query.key, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() },
    };
  });
}
