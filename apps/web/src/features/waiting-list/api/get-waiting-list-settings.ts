import { routeQuery } from '../../../lib/api-hooks';
import { waitingListKeys } from './keys';

export const waitingListSummaryQuery = (eventId: string) => routeQuery(waitingListKeys.summary, { eventId });
