import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { checkoutQuestionRoutes } from './routes.js';

export {
  ATTENDEE_EMAIL_BUILTIN,
  type CheckedAnswers,
  checkAnswers,
  checkCheckoutAnswers,
} from './checkout-answers.js';
export { exportAnswerColumns } from './queries/export-columns.js';
export { publicQuestions } from './queries/question-list.js';
export { liveQuestionsJson, type QuestionRow, questionsFromJson } from './repo.js';

/**
 * Questions at checkout (docs/checkout-questions.md): an event's organizers ask buyers questions per
 * order or per ticket; the booking module checks and stores the answers with the order (the functions
 * above), and the organizer's order, attendee, door and export views read them.
 */
export async function checkoutQuestionsModule(app: FastifyInstance, ports: Ports) {
  await app.register(checkoutQuestionRoutes, { deps: { db: ports.db, unitOfWork: ports.unitOfWork } });
}
