import { APPROVAL_MESSAGES, type DecideBody, type DecisionResult } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import { organizerRequestMachine } from '../../account/index.js';
import * as repo from '../approvals.repo.js';
import { type ApprovalDeps, enqueueDecisionEmail } from '../deps.js';

/**
 * An administrator approves or rejects an organizer request: PENDING → APPROVED | REJECTED in one
 * guarded move (two administrators deciding at once: exactly one wins, the other gets 409), the
 * decision's details, one audit entry, the user's email after the commit.
 */
export async function decideOrganizerRequest(
  deps: ApprovalDeps,
  actor: Actor,
  body: DecideBody,
): Promise<DecisionResult> {
  const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
  const reason = status === 'REJECTED' ? (body.reason ?? null) : null;
  await deps.unitOfWork(async (change) => {
    const before = await repo.findOrganizerRequest(change.tx, body.userId);
    const decided = await transition(change, organizerRequestMachine, {
      id: body.userId,
      to: status,
      from: ['PENDING'],
      set: { updatedAt: change.now },
    });
    if (!decided) {
      if (!before) throw notFound('The organizer request');
      throw conflict(APPROVAL_MESSAGES.alreadyDecided);
    }
    const details = await repo.recordOrganizerDecision(change.tx, body.userId, {
      decidedAt: change.now,
      decidedBy: actor.user.id,
      decisionReason: reason,
    });
    await change.audit({
      action: status === 'APPROVED' ? 'ORGANIZER_REQUEST_APPROVED' : 'ORGANIZER_REQUEST_REJECTED',
      entityType: organizerRequestMachine.entityType,
      entityId: body.userId,
      before: { organizerRequest: 'PENDING', details: before?.details ?? null },
      after: { organizerRequest: status, details: details ?? null },
    });
    const organizationName = details?.organizationName ?? 'your organization';
    await enqueueDecisionEmail(
      change,
      'organizer-decision',
      body.userId,
      decided.email,
      status === 'APPROVED'
        ? templates.organizerRequestApprovedEmail({
            firstName: decided.firstName,
            organizationName,
            url: deps.publicUrl,
          })
        : templates.organizerRequestRejectedEmail({
            firstName: decided.firstName,
            organizationName,
            reason: reason ?? '',
          }),
    );
  });
  return { userId: body.userId, status };
}
