import { panelOrganizationList, type QueryOf } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const organizationListQuery = (query: QueryOf<typeof panelOrganizationList>) =>
  routeQuery(panelOrganizationList, query);
