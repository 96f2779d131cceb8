import { routeListQuery } from '../../../lib/api-hooks';
import { orderRefKeys } from './keys';

/** Events to narrow the orders to: the first 100 of a tab matching `search`, soonest first. */
export const eventOptionsQuery = (tab: 'UPCOMING' | 'PAST', search: string) =>
  routeListQuery(orderRefKeys.events, {
    tab,
    limit: 100,
    search: search || undefined,
    sort: tab === 'PAST' ? '-startsAt' : 'startsAt',
  });

/** The events tab of the orders screen, from its URL state. */
export const eventsTabQuery = (query: Record<string, unknown>) => routeListQuery(orderRefKeys.events, query);
