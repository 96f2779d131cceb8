// Questions at checkout: what the event page, the buyer's checkout, the orders and the door use.

export { AnswerInput } from './components/AnswerInput';
export { CheckoutQuestions } from './components/CheckoutQuestions';
export { CheckoutQuestionsCard } from './components/CheckoutQuestionsCard';
export { OrderAnswersCard } from './components/OrderAnswersCard';
export { TicketAnswerLines, useTicketAnswers } from './components/TicketAnswers';
export {
  type AnswerDraft,
  answersBody,
  emptyAnswers,
  isAnswerField,
  pageShowsField,
  validateAnswers,
} from './model/buyer-answers';
export { eventCheckoutQuestionsPath } from './paths';
