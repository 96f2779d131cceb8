import { APPROVAL_MESSAGES, type DecideBody, type DecisionResult } from '@marquee/contract';
import { transition } from '../../../db/state-machine.js';
import type { Actor } from '../../../lib/access/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { templates } from '../../../lib/templates.js';
import { nonProfitMachine } from '../../account/index.js';
import * as repo from '../approvals.repo.js';
import { type ApprovalDeps, enqueueDecisionEmail } from '../deps.js';

/**
 * An administrator approves or rejects a non-profit exemption: PENDING → APPROVED | REJECTED with the
 * decision, guarded like the organizer decision, audited, the user emailed after the commit.
 */
export async function decideNonProfitRequest(
  deps: ApprovalDeps,
  actor: Actor,
  body: DecideBody,
): Promise<DecisionResult> {
  const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
  const reason = status === 'REJECTED' ? (body.reason ?? null) : null;
  await deps.unitOfWork(async (change) => {
    const before = await repo.findExemption(change.tx, body.userId);
    const after = await transition(change, nonProfitMachine, {
      id: body.userId,
      to: status,
      from: ['PENDING'],
      set: { decidedAt: change.now, decidedBy: actor.user.id, decisionReason: reason },
    });
    if (!after) {
      if (!before) throw notFound('The non-profit request');
      throw conflict(APPROVAL_MESSAGES.alreadyDecided);
    }
    await change.audit({
      action: status === 'APPROVED' ? 'NON_PROFIT_APPROVED' : 'NON_PROFIT_REJECTED',
      entityType: nonProfitMachine.entityType,
      entityId: body.userId,
      before,
      after,
    });
    const contact = await repo.userContact(change.tx, body.userId);
    if (!contact) return;
    await enqueueDecisionEmail(
      change,
      'non-profit-decision',
      body.userId,
      contact.email,
      status === 'APPROVED'
        ? templates.nonProfitApprovedEmail({ firstName: contact.firstName, legalName: after.legalName })
        : templates.nonProfitRejectedEmail({
            firstName: contact.firstName,
            legalName: after.legalName,
            reason: reason ?? '',
          }),
    );
  });
  return { userId: body.userId, status };
}
