import type { RouteDef } from '@marquee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../modules/auth/auth.service.js';
import { type IdempotencyMode, idempotent } from './idempotency.js';
import { runInRequestContext } from './request-context.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<R extends RouteDef> {
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** The signed-in actor; always set on session routes. */
  actor: R['access'] extends 'session' ? Actor : Actor | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract route: its schemas validate the input, filter the output and describe it in
 * the OpenAPI document; session routes get the authentication preHandler.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: (ctx: RouteContext<R>) => Promise<z.input<R['response']>>,
  /** `idempotency`: `accepted` (default) honours an `idempotency-key` header; `required` demands one. */
  options: Pick<RouteShorthandOptions, 'config'> & { idempotency?: IdempotencyMode } = {},
) {
  app.route({
    method: route.method,
    url: route.path,
    config: options.config,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      // Keys only when present: Fastify warns about keys set to undefined.
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { 200: route.response },
      security:
        route.access === 'session'
          ? [{ clientBasic: [], secretKey: [], accessToken: [] }]
          : [{ clientBasic: [], secretKey: [] }],
    },
    preHandler: route.access === 'session' ? (request) => app.authenticate(request) : undefined,
    handler: (request, reply) =>
      runInRequestContext(request, () =>
        idempotent(request, reply, options.idempotency ?? 'accepted', () =>
          handler({
            query: request.query as Out<R['query']>,
            body: request.body as Out<R['body']>,
            actor: request.actor as RouteContext<R>['actor'],
            request,
            reply,
          }),
        ),
      ),
  });
}
