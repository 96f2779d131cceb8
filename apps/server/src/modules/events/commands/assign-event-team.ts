import type { EventTeamMember } from '@marquee/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { displayName, membersAmong, replaceTeam, teamOf } from '../repo/team.js';

/**
 * Every id must be an ACTIVE member of the organization; the refusal names the members by name when
 * they belong to it (inactive or invited), and otherwise says how many ids are unknown, so nothing
 * about other organizations is revealed.
 */
async function checkMembers(db: DbOrTx, organizationId: string, field: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await membersAmong(db, organizationId, ids);
  const known = new Set(found.map((m) => m.id));
  const inactive = found.filter((m) => m.status !== 'ACTIVE').map(displayName);
  const unknown = ids.filter((id) => !known.has(id)).length;
  const parts = [
    ...(inactive.length ? [`${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} not active`] : []),
    ...(unknown
      ? [`${unknown} ${unknown === 1 ? 'person is' : 'people are'} not on this organization's team`]
      : []),
  ];
  if (parts.length) {
    const message = `Only active members of the organization can be given a role: ${parts.join('; ')}.`;
    throw badRequest(message, [{ field, message }]);
  }
}

/**
 * update-organizer-and-scanners: who works on an event, both sets replaced at once. Organizers manage
 * it, scanners check tickets in; each an ACTIVE member of the event's organization (docs/events.md).
 */
export function assignEventTeam(
  unitOfWork: UnitOfWork,
  actor: Actor,
  eventGrant: EventGrant,
  input: { organizers: string[]; scanners: string[] },
): Promise<EventTeamMember[]> {
  const organizers = [...new Set(input.organizers)];
  const scanners = [...new Set(input.scanners)];
  const both = organizers.filter((id) => scanners.includes(id));
  return unitOfWork(async ({ tx, now, audit }) => {
    const { event } = await confirmEventGrant(tx, actor, eventGrant, 'manage');
    if (both.length) {
      const named = await membersAmong(tx, event.organizationId, both);
      const who = named.length ? named.map(displayName).join(', ') : `${both.length} of them`;
      const message = `A member is either an organizer or a scanner of an event, not both: ${who}.`;
      throw badRequest(message, [{ field: 'scanners', message }]);
    }
    await checkMembers(tx, event.organizationId, 'organizers', organizers);
    await checkMembers(tx, event.organizationId, 'scanners', scanners);
    const before = await teamOf(tx, event.id);
    await replaceTeam(
      tx,
      event.id,
      [
        ...organizers.map((memberId) => ({ memberId, role: 'EVENT_ORGANIZER' as const })),
        ...scanners.map((memberId) => ({ memberId, role: 'SCANNER' as const })),
      ],
      actor.user.id,
      now,
    );
    const after = await teamOf(tx, event.id);
    await audit({
      action: 'EVENT_TEAM_CHANGED',
      entityType: EVENT_ENTITY,
      entityId: event.id,
      organizationId: event.organizationId,
      before,
      after,
    });
    return after;
  });
}
