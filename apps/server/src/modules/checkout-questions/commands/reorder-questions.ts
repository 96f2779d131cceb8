import { type CheckoutQuestion, QUESTION_MESSAGES } from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { badRequest } from '../../../lib/errors.js';
import { liveQuestions, updateQuestion } from '../repo.js';
import { AUDIT_ENTITY, type Organizer, type QuestionDeps, questionOut } from './deps.js';

/**
 * reorder-checkout-questions: the list names every question the event asks, once; anything else is
 * refused, so a list read before someone else's add cannot drop the new question silently.
 */
export async function reorderQuestions(
  deps: QuestionDeps,
  organizer: Organizer,
  questionIds: string[],
): Promise<CheckoutQuestion[]> {
  return deps.unitOfWork(async (change) => {
    // The event's row is locked: adds and reorders of one event take turns.
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const current = await liveQuestions(change.tx, grant.event.id);
    const known = new Set(current.map((q) => q.id));
    if (
      new Set(questionIds).size !== questionIds.length ||
      questionIds.length !== current.length ||
      questionIds.some((id) => !known.has(id))
    )
      throw badRequest(QUESTION_MESSAGES.reorderAll, [
        { field: 'questionIds', message: QUESTION_MESSAGES.reorderAll },
      ]);
    const rows = [];
    for (const [position, id] of questionIds.entries())
      rows.push(await updateQuestion(change.tx, id, { position, updatedAt: change.now }));
    await change.audit({
      action: 'CHECKOUT_QUESTIONS_REORDERED',
      entityType: 'EVENT',
      entityId: grant.event.id,
      organizationId: grant.organization.id,
      before: { questionIds: current.map((q) => q.id) },
      after: { questionIds, entity: AUDIT_ENTITY },
    });
    return rows.map(questionOut);
  });
}
