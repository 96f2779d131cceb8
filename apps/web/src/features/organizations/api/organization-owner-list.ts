import type { organizationOwnerList, QueryOf } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const organizationOwnersQuery = (query: QueryOf<typeof organizationOwnerList>) =>
  routeListQuery(organizationKeys.owners, query);
