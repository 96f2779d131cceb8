import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** The light header (`partially-event-detail`), which scanners may read too. */
export const eventHeaderQuery = (eventId: string) => routeQuery(eventKeys.header, { eventId });
