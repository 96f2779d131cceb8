import { organizationOwnerList, type QueryOf } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const organizationOwnersQuery = (query: QueryOf<typeof organizationOwnerList>) =>
  routeQuery(organizationOwnerList, query);
