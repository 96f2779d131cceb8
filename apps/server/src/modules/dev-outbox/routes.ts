import { devOutboxList } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { addRoute } from '../../lib/route.js';
import { outboxPage } from './queries/outbox-page.js';

/** Registered only on servers with demo data (`config.devOutbox`); administrators only, others get 404 (the contract's refusal). */
export async function outboxRoutes(app: FastifyInstance, deps: { db: Db }) {
  addRoute(app, devOutboxList, async ({ query }) => ({
    message: 'Outbox loaded.',
    result: await outboxPage(deps.db, query),
  }));
}
