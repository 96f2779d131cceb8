import { routeQuery } from '../../../lib/api-hooks';
import { checkoutQuestionKeys } from './keys';

export const bookingAnswersQuery = (bookingId: string) =>
  routeQuery(checkoutQuestionKeys.bookingAnswers, { bookingId });

/** The answers of the tickets on screen (a page of a list, one ticket at the door). */
export const ticketAnswersQuery = (eventId: string, ticketIds: readonly string[]) =>
  routeQuery(checkoutQuestionKeys.ticketAnswers, { eventId, ticketIds: [...ticketIds].sort().join(',') });
