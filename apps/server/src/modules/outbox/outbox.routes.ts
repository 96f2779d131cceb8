import { devOutboxList } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { OutboxService } from './outbox.service.js';

/** Registered only on servers with demo data (`config.devOutbox`); administrators only, others get 404 (the contract's refusal). */
export async function outboxRoutes(app: FastifyInstance, opts: { outbox: OutboxService }) {
  addRoute(app, devOutboxList, async ({ query }) => {
    const { items, total } = await opts.outbox.list(query);
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
