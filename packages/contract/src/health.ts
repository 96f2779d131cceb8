import { z } from 'zod';
import { defineRoute } from './route.js';

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database check',
  tag: 'System',
  access: 'public',
  clientCredentials: false,
  response: z.object({ status: z.literal('ok') }),
});

const dependencyState = z.enum(['ok', 'down']);

/**
 * Readiness, for a load balancer: 200 while this process should get traffic, 503 (with the same body)
 * while a dependency it needs is away or the process is stopping. Each dependency is reported by name;
 * Redis only when configured, and its absence alone does not make the process unready (rate limits and
 * live check-in fall back to the process's own, docs/operations.md).
 */
export const readiness = defineRoute({
  method: 'GET',
  path: '/api/health/ready',
  summary: 'Readiness: dependencies by name; 503 while the database is away or the process is stopping',
  tag: 'System',
  access: 'public',
  clientCredentials: false,
  response: z.object({
    status: z.enum(['ready', 'not_ready']),
    /** The process received SIGTERM (or SIGINT) and is draining its last requests. */
    stopping: z.boolean(),
    checks: z.object({ database: dependencyState, redis: dependencyState.optional() }),
  }),
});
