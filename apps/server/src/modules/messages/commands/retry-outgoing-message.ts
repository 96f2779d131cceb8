import { OUTGOING_MESSAGE_MESSAGES } from '@marquee/contract';
import { currentState, IllegalTransition, transition } from '../../../db/state-machine.js';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { nudgeDelivery } from '../nudge.js';
import { notLeased, type OutgoingMessageRow, outgoingMessageMachine } from '../repo.js';

/**
 * retry-outgoing-message (docs/operations.md, "Outgoing messages"): a FAILED or waiting message is due
 * now with its attempts starting over, so the worker gives it the whole retry schedule again. One
 * guarded UPDATE in a unit of work with its audit entry: it applies only to a FAILED row or a PENDING
 * one no delivery worker holds (`leased_until` unset or past), so a retry never hands a message being
 * sent to a second worker. One being sent is 409 (beingSent), a SENT one 409, an unknown one 404. A
 * FAILED message kept its secrets, so the retry sends the same link.
 */
export function createRetryOutgoingMessage(change: UnitOfWork) {
  return (messageId: string): Promise<OutgoingMessageRow> =>
    change(async (work) => {
      const row = await transition(work, outgoingMessageMachine, {
        id: messageId,
        to: 'PENDING',
        set: { attempts: 0, nextAttemptAt: work.now, lastError: null },
        where: notLeased(work.now),
        audit: { action: 'OUTGOING_MESSAGE_RETRIED', organizationId: null },
      });
      if (!row) {
        const state = await currentState(work, outgoingMessageMachine, messageId);
        if (state === null) throw notFound('The message');
        if (state === 'PENDING') throw conflict(OUTGOING_MESSAGE_MESSAGES.beingSent);
        throw new IllegalTransition(outgoingMessageMachine.label, state, 'PENDING');
      }
      work.afterCommit(nudgeDelivery);
      return row;
    });
}
