import { health } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';

export async function healthRoutes(app: FastifyInstance, opts: { db: Db }) {
  addRoute(app, health, async ({ reply }) => {
    try {
      await opts.db.execute(sql`select 1`);
    } catch (error) {
      reply.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { status: 'ok' as const };
  });
}
