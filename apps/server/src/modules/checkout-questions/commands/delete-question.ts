import { QUESTION_MESSAGES } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import { lockQuestion, updateQuestion } from '../repo.js';
import { AUDIT_ENTITY, auditedQuestion, type Organizer, type QuestionDeps } from './deps.js';

/** delete-checkout-question: no longer asked; the row stays (deleted_at) for the answers that name it. */
export async function deleteQuestion(
  deps: QuestionDeps,
  organizer: Organizer,
  questionId: string,
): Promise<void> {
  await deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await lockQuestion(change.tx, grant.event.id, questionId);
    if (!before) throw notFound(QUESTION_MESSAGES.unknownQuestion);
    await updateQuestion(change.tx, before.id, { deletedAt: change.now, updatedAt: change.now });
    await change.audit({
      action: 'CHECKOUT_QUESTION_DELETED',
      entityType: AUDIT_ENTITY,
      entityId: before.id,
      organizationId: grant.organization.id,
      before: auditedQuestion(before),
    });
  });
}
