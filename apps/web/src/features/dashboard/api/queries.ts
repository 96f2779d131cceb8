import {
  createDashboardLink,
  dashboardUpcomingEventList,
  organizerDashboard,
  panelOrganizationList,
} from '@marquee/contract';
import { routeListQuery, routeQuery, useRouteMutation } from '../../../lib/api-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard reads (read-only: nothing here is invalidated by this feature). */
export const dashboardKeys = queryKeys('dashboard', {
  figures: organizerDashboard,
  upcoming: dashboardUpcomingEventList,
  organizations: panelOrganizationList,
});

/** Figures of the URL's organization and period (plain strings: the server validates them). */
export const dashboardQuery = (query: Record<string, unknown>) =>
  routeListQuery(dashboardKeys.figures, query);
export const upcomingEventsQuery = (organizationId: string | undefined) =>
  routeQuery(dashboardKeys.upcoming, { organizationId, limit: 5 });
export const organizationChoicesQuery = () =>
  routeQuery(dashboardKeys.organizations, { page: 1, limit: 100, sort: 'name' });

/** A one-time link to the payment provider's dashboard of the organization's payout account. */
export const useDashboardLink = () =>
  useRouteMutation(createDashboardLink, { invalidates: [], silentSuccess: true });
