import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { removeFromTeam } from '../repo/team.js';

/** unlink-user-from-event: takes a member off one event (both roles); 404 when they are not on it. */
export async function unlinkEventMember(
  unitOfWork: UnitOfWork,
  actor: Actor,
  eventGrant: EventGrant,
  memberId: string,
): Promise<void> {
  await unitOfWork(async ({ tx, audit }) => {
    const { event } = await confirmEventGrant(tx, actor, eventGrant, 'manage');
    const removed = await removeFromTeam(tx, event.id, memberId);
    if (!removed) throw notFound('The member');
    await audit({
      action: 'EVENT_MEMBER_UNLINKED',
      entityType: EVENT_ENTITY,
      entityId: event.id,
      organizationId: event.organizationId,
      before: removed,
    });
  });
}
