/**
 * The access layer's entry: what plugins and modules use. Who may call a route is declared once in the
 * contract and resolved by plugins/access.ts before the handler (`ctx.grant`, `ctx.event`); inside a
 * change, `confirmOrganizationGrant` / `confirmEventGrant` re-read it locked. Lists scope themselves
 * with `organizationScope`, `eventScope`, `resolvedEventScope`.
 *
 * `requireOrganization` (tenancy.query.ts) and `requireEvent` (event-access.query.ts) are deliberately
 * not exported here: they exist only for the resolvers behind plugins/access.ts and for the confirm*Grant
 * functions. Modules must not call them.
 */
export { type Actor, type ActorSession, type ActorUser, isAdmin, isApprovedOrganizer } from './actor.js';
export { confirmEventGrant, confirmOrganizationGrant } from './confirm.js';
export {
  AccessDeclarationError,
  type AccessRule,
  BROWSER_NAVIGATION,
  enforceRole,
  METRICS_SCRAPE,
  PROVIDER_CALLBACK,
  parseAccess,
  resolveResource,
} from './declaration.js';
export {
  type EventColumns,
  type EventGrant,
  type EventLevel,
  eventScope,
  myEventRole,
  organizationGrantOf,
  resolvedEventScope,
  roleAllows,
} from './event-access.query.js';
export type { Resolved } from './resources.query.js';
export {
  hasActiveMembership,
  type OrganizationAccess,
  type OrganizationGrant,
  type OrganizationRole,
  organizationScope,
} from './tenancy.query.js';
