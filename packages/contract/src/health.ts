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
