import { routeQuery } from '../../../lib/api-hooks';
import { waitingListRefKeys } from './keys';

export const waitingListEventQuery = (eventId: string) => routeQuery(waitingListRefKeys.event, { eventId });
