import * as c from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { EventGrant } from '../../lib/access/index.js';
import { addRoute } from '../../lib/route.js';
import { correctAnswer } from './commands/correct-answer.js';
import { createQuestion } from './commands/create-question.js';
import { deleteQuestion } from './commands/delete-question.js';
import type { QuestionDeps } from './commands/deps.js';
import { reorderQuestions } from './commands/reorder-questions.js';
import { updateQuestion } from './commands/update-question.js';
import { updateAttendeeSettings } from './commands/update-settings.js';
import { bookingAnswers, ticketAnswers } from './queries/answers.js';
import { questionList } from './queries/question-list.js';

/**
 * Questions at checkout (docs/checkout-questions.md). Every call's declaration resolved the event (or the
 * order's event) before the handler; the handler passes that grant on.
 */
export async function checkoutQuestionRoutes(app: FastifyInstance, opts: { deps: QuestionDeps }) {
  const { deps } = opts;
  const M = c.QUESTION_MESSAGES;
  // An order's rule resolves its event too; the context types it only for event rules.
  const eventOfOrder = (event: EventGrant | null): EventGrant => {
    if (!event) throw new Error('the order rule resolved no event');
    return event;
  };

  addRoute(app, c.checkoutQuestionList, async ({ event }) => ({
    message: 'Questions loaded.',
    result: await questionList(deps.db, event.event.id),
  }));

  addRoute(app, c.createCheckoutQuestion, async ({ actor, event, body }) => ({
    message: M.created,
    result: await createQuestion(deps, { actor, event }, body),
  }));

  addRoute(app, c.updateCheckoutQuestion, async ({ actor, event, body }) => ({
    message: M.updated,
    result: await updateQuestion(deps, { actor, event }, body),
  }));

  addRoute(app, c.deleteCheckoutQuestion, async ({ actor, event, body }) => {
    await deleteQuestion(deps, { actor, event }, body.questionId);
    return { message: M.deleted, result: null };
  });

  addRoute(app, c.reorderCheckoutQuestions, async ({ actor, event, body }) => ({
    message: M.reordered,
    result: await reorderQuestions(deps, { actor, event }, body.questionIds),
  }));

  addRoute(app, c.updateAttendeeDetailSettings, async ({ actor, event, body }) => ({
    message: M.settingsSaved,
    result: await updateAttendeeSettings(deps, { actor, event }, body),
  }));

  addRoute(app, c.organizerBookingAnswers, async ({ query }) => ({
    message: 'Answers loaded.',
    result: await bookingAnswers(deps.db, query.bookingId),
  }));

  addRoute(app, c.eventTicketAnswers, async ({ event, query }) => ({
    message: 'Answers loaded.',
    result: await ticketAnswers(deps.db, event.event.id, query.ticketIds.split(',')),
  }));

  addRoute(app, c.correctCheckoutAnswer, async ({ actor, event, body }) => ({
    message: M.answerCorrected,
    result: await correctAnswer(deps, { actor, event: eventOfOrder(event) }, body),
  }));
}
