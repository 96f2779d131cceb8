import {
  type CheckoutQuestion,
  type CreateCheckoutQuestionBody,
  MAX_QUESTIONS_PER_EVENT,
  QUESTION_MESSAGES,
} from '@marquee/contract';
import type { z } from 'zod';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { conflict } from '../../../lib/errors.js';
import { insertQuestion, nextPosition } from '../repo.js';
import {
  AUDIT_ENTITY,
  auditedQuestion,
  checkTicketTypes,
  choicesFor,
  type Organizer,
  type QuestionDeps,
  questionOut,
} from './deps.js';

type Input = z.output<typeof CreateCheckoutQuestionBody>;

/** create-checkout-question: the new question goes last; the event's row is locked, so two adds never share a place. */
export async function createQuestion(
  deps: QuestionDeps,
  organizer: Organizer,
  input: Input,
): Promise<CheckoutQuestion> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage');
    const eventId = grant.event.id;
    const ticketTypeIds = await checkTicketTypes(change.tx, eventId, input.ticketTypeIds);
    const { position, count } = await nextPosition(change.tx, eventId);
    if (count >= MAX_QUESTIONS_PER_EVENT) throw conflict(QUESTION_MESSAGES.tooMany);
    const row = await insertQuestion(change.tx, {
      eventId,
      organizationId: grant.organization.id,
      scope: input.scope,
      type: input.type,
      label: input.label,
      helpText: input.helpText,
      choices: choicesFor(input.type, input.choices),
      required: input.required,
      ticketTypeIds,
      position,
      createdAt: change.now,
      updatedAt: change.now,
    });
    await change.audit({
      action: 'CHECKOUT_QUESTION_CREATED',
      entityType: AUDIT_ENTITY,
      entityId: row.id,
      organizationId: grant.organization.id,
      after: auditedQuestion(row),
    });
    return questionOut(row);
  });
}
