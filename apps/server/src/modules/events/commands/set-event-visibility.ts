import type { EventHeader, EventVisibility } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { eventHeader } from '../event-header.js';
import { statusRefusal } from '../event-rules.js';
import { setVisibility } from '../repo/lifecycle.js';

/**
 * update-event-status: the event and every one of its dates or sessions become public or private
 * together. The rule is read from the event row locked in this change, never a copy read earlier.
 */
export function setEventVisibility(
  unitOfWork: UnitOfWork,
  actor: Actor,
  eventGrant: EventGrant,
  visibility: EventVisibility,
): Promise<EventHeader> {
  return unitOfWork(async ({ tx, now, audit }) => {
    const grant = await confirmEventGrant(tx, actor, eventGrant, 'manage');
    const refusal = statusRefusal(grant.event);
    if (refusal) throw conflict(refusal);
    const after = await setVisibility(tx, grant.event.id, visibility, now);
    await audit({
      action: 'EVENT_VISIBILITY_CHANGED',
      entityType: EVENT_ENTITY,
      entityId: after.id,
      organizationId: after.organizationId,
      before: { visibility: grant.event.visibility },
      after: { visibility },
    });
    return eventHeader({ ...grant, event: after });
  });
}
