/** Questions at checkout (docs/checkout-questions.md). */
export const CHECKOUT_QUESTION_PATHS = {
  eventCheckoutQuestions: '/event-management/:eventId/checkout-questions',
} as const;

export const eventCheckoutQuestionsPath = (eventId: string) =>
  `/event-management/${encodeURIComponent(eventId)}/checkout-questions`;
