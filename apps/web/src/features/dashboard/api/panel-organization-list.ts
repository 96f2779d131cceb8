import { routeQuery } from '../../../lib/api-hooks';
import { dashboardKeys } from './keys';

export const organizationChoicesQuery = () =>
  routeQuery(dashboardKeys.organizations, { page: 1, limit: 100, sort: 'name' });
