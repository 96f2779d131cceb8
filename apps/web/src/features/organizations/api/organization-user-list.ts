import { organizationUserList, type QueryOf } from '@marquee/contract';
import { routeQuery } from '../../../lib/api-hooks';

export const organizationUserListQuery = (query: QueryOf<typeof organizationUserList>) =>
  routeQuery(organizationUserList, query);
