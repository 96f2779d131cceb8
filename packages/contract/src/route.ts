import { z } from 'zod';
import { MAX_PAGE } from './constants.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route by role alone. A role refusal is a 403: these calls' existence is no secret.
 * - `public`: anyone holding the client credentials
 * - `session`: any signed-in user (the handler scopes what they see, e.g. their own organizations)
 * - `admin`: platform administrators
 * - `organizer`: approved organizers and administrators (console reads and uploads)
 * - `approved-organizer`: approved organizers only, for things made in their own name (an organization
 *   they will own, a catalog request they will follow); an administrator is not an organizer
 * - `console`: administrators, approved organizers and active organization members (reads members need)
 */
export const ROLE_ACCESS = [
  'public',
  'session',
  'admin',
  'organizer',
  'approved-organizer',
  'console',
] as const;
export type RoleAccess = (typeof ROLE_ACCESS)[number];

/**
 * Resources a route may name by id, each with the levels it can be asked for. Every kind resolves to
 * an organization (member → organization; the events issue adds `event: 'read' | 'manage' | 'scan'`
 * and one resolver on the server). Anything the actor may not see answers 404.
 */
export const RESOURCE_LEVELS = {
  organization: ['read', 'manage'],
  member: ['read', 'manage'],
  /** read: see it; manage: change it (owner, administrators, its event organizers); scan: check-in (also scanners). */
  event: ['read', 'manage', 'scan'],
  /** An order: the access of its event (read: see it; manage: refund it). */
  booking: ['read', 'manage'],
  /** A buyer's refund request: the access of its order's event (manage: approve or decline it). */
  refundRequest: ['read', 'manage'],
} as const satisfies Record<string, readonly string[]>;
export type ResourceKind = keyof typeof RESOURCE_LEVELS;
export type ResourceLevel<K extends ResourceKind = ResourceKind> = (typeof RESOURCE_LEVELS)[K][number];

/** Where the resource's id is read: a field of the validated query or body (an array of ids: every one is checked). */
export type AccessSource = `query.${string}` | `body.${string}`;

/**
 * A resource rule: `{ organization: 'manage', from: 'body.organizationId' }`. `optional`: no id, no
 * check (and no grant). `role`: what the caller must also be, checked first like a role declaration
 * (403), before the resource (404); a signed-in caller (`session`) when not given. For a route with
 * an optional filter by one resource: `{ role: 'console', event: 'read', from: 'query.eventId', optional: true }`.
 */
export type ResourceAccess = {
  [K in ResourceKind]: { [P in K]: ResourceLevel<K> } & {
    from: AccessSource;
    optional?: true;
    role?: ResourceRole;
  };
}[ResourceKind];

/** The roles a resource rule may add: any but `public` (a resource is resolved for a signed-in caller). */
export type ResourceRole = Exclude<RoleAccess, 'public'>;

/** Every route declares one; the server refuses to start with a route that has none. */
export type RouteAccess = RoleAccess | ResourceAccess;

export const ACCESS_REFUSALS = {
  admin: 'Only administrators can do this.',
  organizer: 'Only approved organizers and administrators can do this.',
  'approved-organizer': 'Only approved organizers can do this.',
  console: 'Only administrators, approved organizers and organization members can do this.',
} as const;

/**
 * One call of the API, shared by the server (validation, OpenAPI, access) and the console (typed calls, parsing).
 * `response` is the schema of the whole success envelope.
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  /**
   * How a role refusal answers when the default 403 says too little: another message, or 404 for a
   * call whose existence is itself a secret (the development outbox).
   */
  refusal?: { status?: 403 | 404; message?: string };
  /** false: callers without the client credentials are welcome too (the load balancer's health check). */
  clientCredentials?: false;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

type FieldsOf<S> = S extends z.ZodType ? Extract<keyof z.input<S>, string> : never;
/** The sources a route can name: its own query and body fields. */
export type SourcesOf<R extends Pick<RouteDef, 'query' | 'body'>> =
  | `query.${FieldsOf<R['query']>}`
  | `body.${FieldsOf<R['body']>}`;

/** Compile-time check that a resource rule's `from` names a field the route really has. */
type CheckedFrom<T extends RouteDef> = T['access'] extends { from: infer F }
  ? F extends SourcesOf<T>
    ? unknown
    : { access: { from: SourcesOf<T> } }
  : unknown;

export function defineRoute<const T extends RouteDef>(route: T & CheckedFrom<T>): T {
  return route;
}

/**
 * A call whose answer is a file, not the JSON envelope (a ticket PDF, a calendar file): registered by
 * the server like any route, its access declared here like any route's. `file` names what it answers.
 * It has no `response`, so the envelope's machinery (typed calls, the access sweep's contract loop)
 * leaves it alone; the sweep calls each file route on its own.
 */
export interface FileRouteDef {
  method: 'GET';
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  query: z.ZodType;
  file: { contentType: string; extension: string };
}

export function defineFileRoute<const T extends FileRouteDef>(route: T & CheckedFrom<T & RouteDef>): T {
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
    /** More than `total` rows match: the server stopped counting there (the console says "more than"). */
    totalCapped: z.boolean().optional(),
    /** `total` is the database's estimate, rounded (the console says "about"). */
    totalEstimated: z.boolean().optional(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    /**
     * Lists paged by keyset, when this page is full: give it as `cursor` with the next page's number to
     * read that page from where this one ended (a page asked for without it is read by its offset).
     */
    nextCursor: z.string().optional(),
  });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE, `The page is at most ${MAX_PAGE}`).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(/^-?[a-zA-Z]+$/, 'Sort by a field name, with a leading "-" for descending order')
    .optional(),
});

/**
 * The query field of a list paged by keyset: the previous page's `nextCursor`, given with the next
 * page's number (ignored unless made for that page of the same query).
 */
export const keysetCursor = z.string().max(200).optional();

export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type ResponseOf<R extends RouteDef> = z.output<R['response']>;
export type ResultOf<R extends RouteDef> = ResponseOf<R> extends { result: infer T } ? T : never;
