import { type CheckoutQuestion, QUESTION_MESSAGES, type UpdateCheckoutQuestionBody } from '@marquee/contract';
import type { z } from 'zod';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { notFound } from '../../../lib/errors.js';
import { lockQuestion, updateQuestion as writeQuestion } from '../repo.js';
import {
  AUDIT_ENTITY,
  auditedQuestion,
  checkTicketTypes,
  choicesFor,
  type Organizer,
  type QuestionDeps,
  questionOut,
} from './deps.js';

type Input = z.output<typeof UpdateCheckoutQuestionBody>;

/**
 * update-checkout-question: the question as asked from now on. Answers already given keep the label and
 * type they were stored with, so nothing a buyer answered changes meaning.
 */
export async function updateQuestion(
  deps: QuestionDeps,
  organizer: Organizer,
  input: Input,
): Promise<CheckoutQuestion> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const before = await lockQuestion(change.tx, grant.event.id, input.questionId);
    if (!before) throw notFound(QUESTION_MESSAGES.unknownQuestion);
    const ticketTypeIds = await checkTicketTypes(change.tx, grant.event.id, input.ticketTypeIds);
    const row = await writeQuestion(change.tx, before.id, {
      scope: input.scope,
      type: input.type,
      label: input.label,
      helpText: input.helpText,
      choices: choicesFor(input.type, input.choices),
      required: input.required,
      ticketTypeIds,
      updatedAt: change.now,
    });
    await change.audit({
      action: 'CHECKOUT_QUESTION_UPDATED',
      entityType: AUDIT_ENTITY,
      entityId: row.id,
      organizationId: grant.organization.id,
      before: auditedQuestion(before),
      after: auditedQuestion(row),
    });
    return questionOut(row);
  });
}
