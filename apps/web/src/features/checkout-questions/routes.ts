import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { CHECKOUT_QUESTION_PATHS } from './paths';

export const checkoutQuestionRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      CHECKOUT_QUESTION_PATHS.eventCheckoutQuestions,
      'console',
      () => import('./routes/CheckoutQuestionsPage'),
      (m) => m.CheckoutQuestionsPage,
    ),
  ],
};
