import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route: anyone holding the client credentials, or only a signed-in user. */
export type RouteAccess = 'public' | 'session';

/**
 * One call of the API, shared by the server (validation, OpenAPI) and the console (typed calls, parsing).
 * `response` is the schema of the whole success envelope.
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export function defineRoute<const T extends RouteDef>(route: T): T {
  return route;
}

/** Success envelope of the API: `{ message, result }`. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({ message: z.string(), result });
}

/** A list page: `{ items, total, page, limit }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+$/, 'Sort by a field name, with a leading "-" for descending order')
    .optional(),
});

export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R['response']>;
export type ResultOf<R extends RouteDef> = ResponseOf<R> extends { result: infer T } ? T : never;
