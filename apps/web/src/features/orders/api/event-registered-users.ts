import { routeListQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

export const registeredUsersQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.registered, query);
