import {
  type AnswerValue,
  ATTENDEE_EMAIL_QUESTION,
  type CheckoutAnswer,
  checkAnswer,
} from '@marquee/contract';
import { confirmEventGrant } from '../../../lib/access/index.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { answerOut } from '../queries/answers.js';
import { answerById, lockAnswer, setAnswerValue } from '../repo.js';
import type { Organizer, QuestionDeps } from './deps.js';

/**
 * correct-checkout-answer: an organizer fixes what a buyer gave (a misspelt email, dietary needs told by
 * phone). The answer is checked like at checkout against its question's type and choices, but an
 * organizer may leave it empty; the audit keeps the value before and after.
 */
export async function correctAnswer(
  deps: QuestionDeps,
  organizer: Organizer,
  input: { bookingId: string; answerId: string; value: AnswerValue },
): Promise<CheckoutAnswer> {
  return deps.unitOfWork(async (change) => {
    const grant = await confirmEventGrant(change.tx, organizer.actor, organizer.event, 'manage', {
      what: 'The order',
    });
    const answer = await lockAnswer(change.tx, input.bookingId, input.answerId);
    if (!answer) throw notFound('The answer');
    // Checked as the question was when answered (its type and choices then), whatever it has become.
    const asked = answer.builtin
      ? { ...ATTENDEE_EMAIL_QUESTION, required: false }
      : { type: answer.type, choices: answer.choices, required: false };
    const checked = checkAnswer(asked, input.value);
    if (!checked.ok) throw badRequest(checked.message, [{ field: 'value', message: checked.message }]);
    await setAnswerValue(change.tx, answer.id, checked.value, change.now);
    await change.audit({
      action: 'CHECKOUT_ANSWER_CORRECTED',
      entityType: 'BOOKING',
      entityId: answer.bookingId,
      organizationId: grant.organization.id,
      before: { answerId: answer.id, label: answer.label, value: answer.value },
      after: { answerId: answer.id, label: answer.label, value: checked.value },
    });
    const row = await answerById(change.tx, answer.id);
    if (!row) throw new Error('the corrected answer is gone');
    return answerOut(row);
  });
}
