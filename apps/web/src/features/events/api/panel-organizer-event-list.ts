import { routeListQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** One page of `panel-organizer-event-list`, from the list's URL state (tab, filters, search, sort). */
export const eventListQuery = (query: Record<string, unknown>) => routeListQuery(eventKeys.list, query);
