import { devOutboxList } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { listOutbox } from './outbox.repo.js';

/** Registered only on servers with demo data (`config.devOutbox`); administrators only, others get 404. */
export async function outboxRoutes(app: FastifyInstance, opts: { db: Db }) {
  addRoute(app, devOutboxList, async ({ actor, query }) => {
    if (actor.user.role !== 'ADMIN') throw notFound('This page');
    const { items, total } = await listOutbox(opts.db, query);
    return {
      message: 'Outbox loaded.',
      result: {
        items: items.map((m) => ({
          _id: m.id,
          channel: m.channel,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          createdAt: m.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        limit: query.limit,
      },
    };
  });
}
