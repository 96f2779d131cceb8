import { routeQuery } from '../../../lib/api-hooks';
import { organizationRefKeys } from './keys';

export const organizationOptionsQuery = () =>
  routeQuery(organizationRefKeys.options, { page: 1, limit: 100, sort: 'name' });
