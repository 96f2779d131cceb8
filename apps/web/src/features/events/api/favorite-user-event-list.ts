import { routeListQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** A member's events and role on each (`favorite-user-event-list`), for the member's page. */
export const memberEventsQuery = (memberId: string, page = 1) =>
  routeListQuery(eventKeys.memberEvents, { memberId, page, limit: 10 });
