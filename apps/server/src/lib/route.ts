import type { FileRouteDef, RouteDef } from '@marquee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './access/actor.js';
import type { EventGrant } from './access/event-access.query.js';
import type { OrganizationGrant } from './access/tenancy.query.js';
import { type IdempotencyMode, idempotent } from './idempotency.js';
import { runInRequestContext } from './request-context.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Access<R extends RouteDef> = R['access'];

export interface RouteContext<R extends RouteDef> {
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** The signed-in actor; set on every route that is not `public`. */
  actor: Access<R> extends 'public' ? Actor | null : Actor;
  /** The organization a resource rule resolved (and what the actor is to it), checked before the handler. */
  grant: Access<R> extends { optional: true }
    ? OrganizationGrant | null
    : Access<R> extends { from: string }
      ? OrganizationGrant
      : null;
  /**
   * Event rules: the event the rule resolved and what the actor is to it (the first of a list); null
   * when the rule is optional and the call names none.
   */
  event: Access<R> extends { event: string; optional: true }
    ? EventGrant | null
    : Access<R> extends { event: string }
      ? EventGrant
      : null;
  /** Event rules over a list of ids (bulk actions): every event, each checked. */
  events: EventGrant[];
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract route: its schemas validate the input, filter the output and describe it in
 * the OpenAPI document; its access declaration is enforced before the handler (plugins/access.ts).
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
    config: {
      ...options.config,
      access: route.access,
      refusal: route.refusal,
      ...(route.clientCredentials === false ? { clientCredentials: false } : {}),
      // A contract route answers JSON (or a redirect), never a page.
      answer: 'data',
    },
    schema: {
      summary: route.summary,
      tags: [route.tag],
      // Keys only when present: Fastify warns about keys set to undefined.
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: { 200: route.response },
      security:
        route.access === 'public'
          ? [{ clientBasic: [], secretKey: [] }]
          : [{ clientBasic: [], secretKey: [], accessToken: [] }],
    },
    handler: (request, reply) =>
      runInRequestContext(request, () =>
        idempotent(request, reply, options.idempotency ?? 'accepted', () =>
          handler({
            query: request.query as Out<R['query']>,
            body: request.body as Out<R['body']>,
            actor: request.actor as RouteContext<R>['actor'],
            grant: (request.resolved?.grant ?? null) as RouteContext<R>['grant'],
            event: (request.resolved?.event ?? null) as RouteContext<R>['event'],
            events: request.resolved?.events ?? [],
            request,
            reply,
          }),
        ),
      ),
  });
}

/** What a file route answers: the bytes and the name the browser saves them under. */
export interface FileAnswer {
  fileName: string;
  body: Buffer | string;
}

/**
 * Registers one contract file route (`defineFileRoute`): its query validated, its access enforced
 * before the handler like any route's, and its answer a download (`content-disposition: attachment`)
 * of the declared type, never cached. Errors answer the usual JSON error envelope.
 */
export function addFileRoute<R extends FileRouteDef>(
  app: FastifyInstance,
  route: R,
  handler: (ctx: { query: z.output<R['query']>; request: FastifyRequest }) => Promise<FileAnswer>,
) {
  app.route({
    method: route.method,
    url: route.path,
    config: { access: route.access, answer: 'data' },
    // A HEAD would build the whole file for nothing.
    exposeHeadRoute: false,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      querystring: route.query,
      security:
        route.access === 'public'
          ? [{ clientBasic: [], secretKey: [] }]
          : [{ clientBasic: [], secretKey: [], accessToken: [] }],
    },
    handler: (request, reply) =>
      runInRequestContext(request, async () => {
        const file = await handler({ query: request.query as z.output<R['query']>, request });
        return reply
          .header('content-type', route.file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      }),
  });
}
