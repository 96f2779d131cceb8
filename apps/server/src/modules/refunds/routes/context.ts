import * as c from '@marquee/contract';
import type { FastifyRequest } from 'fastify';
import type { EventGrant } from '../../../lib/access/index.js';

/** The caller's idempotency-key header (present: routes that need one are registered with `required`). */
export function headerKey(request: FastifyRequest): string {
  const value = request.headers[c.HEADERS.idempotencyKey];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The event a booking or refund-request rule resolved (its access declaration names the resource). */
export function resolvedEvent(events: EventGrant[]): EventGrant {
  const [event] = events;
  if (!event) throw new Error('the route’s access rule resolved no event');
  return event;
}
