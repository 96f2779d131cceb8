import type { Change } from '../../db/unit-of-work.js';
import type { Actor, OrganizationGrant } from '../../lib/access/index.js';
import { confirmOrganizationGrant } from '../../lib/access/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as repo from './organizations.repo.js';

export const MEMBER = 'The member';

/**
 * Inside a member's change: the organization the route resolved re-read and locked, the actor still
 * managing it, and the member still in it; 404 "The member" otherwise (a member removed, or the actor's
 * right lost, between the route's check and this change).
 */
export async function confirmMember(
  change: Change,
  actor: Actor,
  grant: OrganizationGrant,
  memberId: string,
) {
  let organization: repo.OrganizationRow;
  try {
    ({ organization } = await confirmOrganizationGrant(change.tx, actor, grant, 'manage'));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(MEMBER);
    throw error;
  }
  const found = await repo.findMember(change.tx, memberId);
  if (!found || found.row.organizationId !== organization.id) throw notFound(MEMBER);
  return { member: found.row, organization };
}
