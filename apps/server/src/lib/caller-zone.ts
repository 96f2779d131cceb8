import { HEADERS } from '@marquee/contract';
import { isValidTimeZone } from '@marquee/time';
import type { FastifyRequest } from 'fastify';
import type { Actor } from './access/actor.js';

/**
 * The zone a caller's calendar dates are read in (an order list's `from`/`to`): the `timezone` header the
 * console sends on every call, else the zone recorded on the session at sign-in, else UTC. An unknown
 * header value is ignored rather than refused: it is not something the person typed.
 */
export function callerTimeZone(request: FastifyRequest, actor: Actor | null): string {
  const header = request.headers[HEADERS.timezone];
  const given = Array.isArray(header) ? header[0] : header;
  if (isValidTimeZone(given)) return given;
  const session = actor?.session.timezone;
  return isValidTimeZone(session) ? session : 'UTC';
}
