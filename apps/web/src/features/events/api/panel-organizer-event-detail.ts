import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** Everything about one event (`panel-organizer-event-detail`): details screens and the edit forms. */
export const eventDetailQuery = (eventId: string) => routeQuery(eventKeys.detail, { eventId });
