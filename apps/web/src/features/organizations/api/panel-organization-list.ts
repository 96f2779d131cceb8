import { panelOrganizationList } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';

/** The organizations list, from its URL state. */
export const organizationListQuery = (query: Record<string, unknown>) =>
  routeListQuery(panelOrganizationList, query);
