import { routeQuery } from '../../../lib/api-hooks';
import { dashboardKeys } from './keys';

export const upcomingEventsQuery = (organizationId: string | undefined) =>
  routeQuery(dashboardKeys.upcoming, { organizationId, limit: 5 });
