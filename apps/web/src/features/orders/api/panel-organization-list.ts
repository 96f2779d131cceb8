import { routeListQuery } from '../../../lib/api-hooks';
import { orderRefKeys } from './keys';

/** Organizations the orders can be narrowed to. */
export const organizationOptionsQuery = () =>
  routeListQuery(orderRefKeys.organizations, { page: 1, limit: 100, sort: 'name' });
