import { routeListQuery } from '../../../lib/api-hooks';
import { dashboardKeys } from './keys';

/** Figures of the URL's organization and period (plain strings: the server validates them). */
export const dashboardQuery = (query: Record<string, unknown>) =>
  routeListQuery(dashboardKeys.figures, query);
