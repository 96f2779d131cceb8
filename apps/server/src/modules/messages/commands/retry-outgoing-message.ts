import { transitionOrThrow } from '../../../db/state-machine.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { nudgeDelivery } from '../nudge.js';
import { type OutgoingMessageRow, outgoingMessageMachine } from '../repo.js';

/**
 * retry-outgoing-message (docs/operations.md, "Outgoing messages"): a FAILED or waiting message is due
 * now with its attempts starting over, so the worker gives it the whole retry schedule again. One unit
 * of work with its audit entry; a SENT message is 409, an unknown one 404. A FAILED message kept its
 * secrets, so the retry sends the same link.
 */
export function createRetryOutgoingMessage(change: UnitOfWork) {
  return (messageId: string): Promise<OutgoingMessageRow> =>
    change(async (work) => {
      const row = await transitionOrThrow(work, outgoingMessageMachine, {
        id: messageId,
        to: 'PENDING',
        set: { attempts: 0, nextAttemptAt: work.now, lastError: null },
        audit: { action: 'OUTGOING_MESSAGE_RETRIED', organizationId: null },
      });
      work.afterCommit(nudgeDelivery);
      return row;
    });
}
