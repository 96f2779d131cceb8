import { EVENT_MESSAGES, type EventHeader } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import type { Actor, EventGrant } from '../../../lib/access/index.js';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { EVENT_ENTITY } from '../audit.js';
import { eventHeader } from '../event-header.js';
import { cancelRefusal } from '../event-rules.js';
import { completeEndedEvents } from '../repo/completion.js';
import { cancelEvent as cancelEventRow } from '../repo/lifecycle.js';
import { requireActiveReason } from '../repo/reasons.js';

/**
 * cancel-event: a published event, with an active EVENT_CANCEL reason, becomes CANCELLED with all its
 * dates, which is what selling reads to stop at once. Refunds are the refunds module's.
 */
export async function cancelEvent(
  deps: { db: Db; unitOfWork: UnitOfWork },
  actor: Actor,
  eventGrant: EventGrant,
  input: { reasonId: string; note?: string | null },
): Promise<EventHeader> {
  const reasonId = await requireActiveReason(deps.db, input.reasonId, 'EVENT_CANCEL');
  return deps.unitOfWork(async (change) => {
    const { tx, now, audit } = change;
    // An event whose end has passed is COMPLETED before the rule reads it.
    await completeEndedEvents(tx, now);
    const grant = await confirmEventGrant(tx, actor, eventGrant, 'manage');
    const refusal = cancelRefusal(grant.event);
    if (refusal) throw conflict(refusal);
    const after = await cancelEventRow(change, grant.event.id, {
      reasonId,
      note: input.note?.trim() || null,
    });
    // Unreachable while the row is locked and the rule above agrees with the machine.
    if (!after) throw conflict(EVENT_MESSAGES.notCancellable);
    await audit({
      action: 'EVENT_CANCELLED',
      entityType: EVENT_ENTITY,
      entityId: after.id,
      organizationId: after.organizationId,
      before: grant.event,
      after,
    });
    return eventHeader({ ...grant, event: after });
  });
}
