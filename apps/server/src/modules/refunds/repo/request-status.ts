import { eq, sql } from 'drizzle-orm';
import { refundRequests, refundRequestTickets } from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { refundRequestMachine } from './machines.js';

type RequestStatus = keyof typeof refundRequestMachine.moves;

/**
 * A request's status follows its tickets: REQUESTED while any waits; else PROCESSED when every
 * approved ticket's refund is done, APPROVED while one is still with the provider; DECLINED when
 * every ticket was declined. The request row is locked first (the same row lock the old single UPDATE
 * took, at the same point), so the tickets are read after any other decision on it committed: right
 * whatever order the decisions came in. A status change goes through the request's state machine.
 */
export async function syncRequestStatus(change: Change, requestId: string) {
  const { tx, now } = change;
  const [request] = await change.lock(refundRequests, eq(refundRequests.id, requestId));
  if (!request) return;
  const t = refundRequestTickets;
  const [derived] = await tx
    .select({
      status: sql<RequestStatus>`case
        when bool_or(${t.status} = 'REQUESTED') then 'REQUESTED'
        when bool_or(${t.status} = 'APPROVED') then 'APPROVED'
        when bool_or(${t.status} = 'PROCESSED') then 'PROCESSED'
        else 'DECLINED'
      end`,
    })
    .from(t)
    .where(eq(t.requestId, requestId));
  const to = derived?.status ?? 'DECLINED';
  if (to === request.status) {
    await tx.update(refundRequests).set({ updatedAt: now }).where(eq(refundRequests.id, requestId));
    return;
  }
  const moved = await transition(change, refundRequestMachine, {
    id: requestId,
    to,
    from: [request.status],
    set: { updatedAt: now },
  });
  // The tickets can only produce the moves the machine lists; anything else is a bug, not a conflict.
  if (!moved) throw new Error(`refund request ${requestId}: ${request.status} → ${to} is not a move`);
}
