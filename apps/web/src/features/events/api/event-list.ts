import { getOrganizationDetail, panelOrganizationList } from '@marquee/contract';
import { routeListQuery, routeQuery } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';
import { eventKeys } from './keys';

/** One page of `panel-organizer-event-list`, from the list's URL state (tab, filters, search, sort). */
export const eventListQuery = (query: Record<string, unknown>) => routeListQuery(eventKeys.list, query);

/**
 * Organizations the list can be narrowed to, and the one an organization's event list is fixed to.
 * Read here under the events scope (the organizations feature has no public query for them); an
 * organization's name rarely changes while someone reads its events, so no cross-feature invalidation.
 */
const organizationRefKeys = queryKeys('event-organizations', {
  options: panelOrganizationList,
  detail: getOrganizationDetail,
});

export const organizationOptionsQuery = () =>
  routeQuery(organizationRefKeys.options, { page: 1, limit: 100, sort: 'name' });

export const organizationNameQuery = (organizationId: string) =>
  routeQuery(organizationRefKeys.detail, { organizationId });
