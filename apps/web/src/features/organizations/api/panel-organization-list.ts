import { routeListQuery } from '../../../lib/api-hooks';
import { organizationKeys } from './keys';

/** The organizations list, from its URL state. */
export const organizationListQuery = (query: Record<string, unknown>) =>
  routeListQuery(organizationKeys.list, query);
