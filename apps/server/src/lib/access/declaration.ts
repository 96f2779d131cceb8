import {
  ACCESS_REFUSALS,
  RESOURCE_LEVELS,
  type ResourceKind,
  type ResourceRole,
  ROLE_ACCESS,
  type RoleAccess,
  type RouteDef,
} from '@marquee/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../errors.js';
import { type Actor, isAdmin, isApprovedOrganizer } from './actor.js';
import { type Resolved, resolvers } from './resources.query.js';
import { hasActiveMembership } from './tenancy.query.js';

/**
 * A route's access declaration, checked once at registration. `role` is what the caller must be (a
 * resource rule's own `role`, or a signed-in caller); a resource rule names where the resource's id is read.
 */
export interface AccessRule {
  role: RoleAccess;
  resource?: {
    kind: ResourceKind;
    level: string;
    source: 'query' | 'body';
    field: string;
    optional: boolean;
  };
  refusal: { status: 403 | 404; message?: string };
}

/** Thrown at registration: the app does not start with a route that forgets who may call it. */
export class AccessDeclarationError extends Error {}

const RESOURCE_KINDS = Object.keys(RESOURCE_LEVELS) as ResourceKind[];

/** Parses a declaration (from the contract or a route's `config.access`); throws when there is none or it is unknown. */
export function parseAccess(access: unknown, refusal: RouteDef['refusal'], where: string): AccessRule {
  const refuse = { status: refusal?.status ?? 403, message: refusal?.message };
  if (typeof access === 'string' && (ROLE_ACCESS as readonly string[]).includes(access)) {
    return { role: access as RoleAccess, refusal: refuse };
  }
  if (access && typeof access === 'object') {
    const { from, optional, role = 'session', ...rest } = access as Record<string, unknown>;
    const keys = Object.keys(rest);
    const kind = keys[0] as ResourceKind;
    const level = rest[kind];
    const levels: readonly string[] | undefined = RESOURCE_LEVELS[kind];
    const source = typeof from === 'string' ? /^(query|body)\.(\w+)$/.exec(from) : null;
    if (
      keys.length === 1 &&
      RESOURCE_KINDS.includes(kind) &&
      typeof level === 'string' &&
      levels?.includes(level) &&
      source &&
      (optional === undefined || optional === true) &&
      isResourceRole(role)
    ) {
      return {
        role,
        resource: {
          kind,
          level,
          source: source[1] as 'query' | 'body',
          field: source[2] as string,
          optional: optional === true,
        },
        refusal: refuse,
      };
    }
  }
  throw new AccessDeclarationError(
    `${where} has no valid access declaration (${JSON.stringify(access)}): declare one of ${ROLE_ACCESS.join(', ')} or a resource rule such as { organization: 'manage', from: 'body.organizationId' } (with an optional role other than public: { role: 'console', ... }).`,
  );
}

/** A resource is resolved for a signed-in caller: a rule may add any role but `public`. */
function isResourceRole(role: unknown): role is ResourceRole {
  return typeof role === 'string' && role !== 'public' && (ROLE_ACCESS as readonly string[]).includes(role);
}

type RoleCheck = (db: DbOrTx, actor: Actor) => boolean | Promise<boolean>;
const roleChecks: Record<Exclude<RoleAccess, 'public' | 'session'>, RoleCheck> = {
  admin: (_db, actor) => isAdmin(actor),
  organizer: (_db, actor) => isAdmin(actor) || isApprovedOrganizer(actor),
  'approved-organizer': (_db, actor) => isApprovedOrganizer(actor),
  console: async (db, actor) =>
    isAdmin(actor) || isApprovedOrganizer(actor) || hasActiveMembership(db, actor.user.id),
};

/**
 * The role part, before validation, so that a caller who may not use the route learns nothing about
 * its input: 403 (or the route's declared refusal).
 */
export async function enforceRole(db: DbOrTx, actor: Actor, rule: AccessRule): Promise<void> {
  if (rule.role === 'public' || rule.role === 'session') return;
  if (await roleChecks[rule.role](db, actor)) return;
  const { status, message } = rule.refusal;
  throw new AppError(
    status,
    message ?? (status === 404 ? 'This page was not found.' : ACCESS_REFUSALS[rule.role]),
  );
}

/** The resource part, after validation (the id is a checked field): 404 for anything the actor may not see. */
export async function resolveResource(
  db: DbOrTx,
  actor: Actor,
  rule: AccessRule,
  input: { query: unknown; body: unknown },
): Promise<Resolved | null> {
  const resource = rule.resource;
  if (!resource) return null;
  const id = (input[resource.source] as Record<string, unknown> | undefined)?.[resource.field];
  if (id === undefined || id === null) {
    if (resource.optional) return null;
    // The contract makes the field required; reaching here means the declaration names the wrong field.
    throw new Error(`access declaration names ${resource.source}.${resource.field}, which the request lacks`);
  }
  const resolve = resolvers[resource.kind] as (
    db: DbOrTx,
    actor: Actor,
    id: string,
    level: string,
  ) => Promise<Resolved>;
  if (!Array.isArray(id)) return resolve(db, actor, String(id), resource.level);
  // A list of ids (bulk actions): every one must pass, or the whole call answers 404.
  const all: Resolved[] = [];
  for (const one of new Set(id.map(String))) all.push(await resolve(db, actor, one, resource.level));
  const [first] = all;
  if (!first)
    throw new Error(`access declaration names ${resource.source}.${resource.field}, which is empty`);
  return { ...first, events: all.flatMap((r) => r.events ?? []) };
}

/**
 * Config of a hand-registered browser navigation under /api (social login redirects, the sandbox payout
 * pages): public, and outside the client-credential check, since a navigation cannot carry headers.
 * Each is safe without them for its own reasons (docs/security.md).
 */
export const BROWSER_NAVIGATION = { access: 'public', clientCredentials: false } as const;

/**
 * Config of a payment provider's webhook (`POST /api/v1/payment/webhook/:provider`): public and
 * outside the client-credential check, since the caller is the provider, not the console. What makes
 * it safe is the provider's signature over the raw body, checked before anything is read or recorded
 * (docs/security.md).
 */
export const PROVIDER_CALLBACK = { access: 'public', clientCredentials: false } as const;

/**
 * Config of the Prometheus scrape (`GET /api/metrics`, plugins/metrics.ts): outside the client-credential
 * check, since the caller is a scraper, not the console. It exists only with METRICS_TOKEN set and
 * answers only that bearer token (docs/operations.md, "Metrics").
 */
export const METRICS_SCRAPE = { access: 'public', clientCredentials: false } as const;
