import type { organizationOwnerList, QueryOf } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

export const organizationOwnersQuery = (query: QueryOf<typeof organizationOwnerList>) =>
  routeQuery(organizationKeys.owners, query);
