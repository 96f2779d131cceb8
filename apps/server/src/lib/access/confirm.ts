import type { DbOrTx } from '../../db/client.js';
import type { Actor } from './actor.js';
import { type EventGrant, type EventLevel, requireEvent } from './event-access.query.js';
import { type OrganizationAccess, type OrganizationGrant, requireOrganization } from './tenancy.query.js';

/**
 * Inside the unit of work of a change that depends on what the route's declaration resolved: the
 * organization's row re-read and locked, and the change refused (404) if the actor may no longer do
 * it (a member removed, an owner changed, between the check and the change).
 */
export async function confirmOrganizationGrant(
  tx: DbOrTx,
  actor: Actor,
  grant: OrganizationGrant,
  level: OrganizationAccess,
): Promise<OrganizationGrant> {
  return requireOrganization(tx, actor, grant.organization.id, level, { lock: true });
}

/** The same for an event: its row locked (FOR UPDATE), refused (404) if the actor's role no longer allows `level`. */
export async function confirmEventGrant(
  tx: DbOrTx,
  actor: Actor,
  grant: EventGrant,
  level: EventLevel,
  options: { what?: string } = {},
): Promise<EventGrant> {
  return requireEvent(tx, actor, grant.event.id, level, { lock: true, what: options.what });
}
