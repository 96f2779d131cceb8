import { organizationUserList } from '@marquee/contract';
import { routeListQuery } from '../../../lib/api-hooks';

/** The team list, from its URL state plus the organization it belongs to. */
export const organizationUserListQuery = (query: Record<string, unknown>) =>
  routeListQuery(organizationUserList, query);
