import { routeQuery } from '../../../lib/api-hooks';
import { checkoutQuestionKeys } from './keys';

export const checkoutQuestionListQuery = (eventId: string) =>
  routeQuery(checkoutQuestionKeys.list, { eventId });
