import { checkoutQuestionList, eventTicketAnswers, organizerBookingAnswers } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

export const checkoutQuestionKeys = queryKeys('checkout-questions', {
  list: checkoutQuestionList,
  bookingAnswers: organizerBookingAnswers,
  ticketAnswers: eventTicketAnswers,
});

/** What a change of the questions affects: the list (and the answers shown beside orders and tickets). */
export const AFTER_QUESTION_CHANGE = { invalidates: [checkoutQuestionKeys.all] };
