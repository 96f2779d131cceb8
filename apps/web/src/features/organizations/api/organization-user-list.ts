import { routeListQuery } from '../../../lib/api-hooks';
import { memberKeys } from './keys';

/** The team list, from its URL state plus the organization it belongs to. */
export const organizationUserListQuery = (query: Record<string, unknown>) =>
  routeListQuery(memberKeys.list, query);
