import { dashboardUpcomingEventList, organizerDashboard, panelOrganizationList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard reads (read-only: nothing here is invalidated by this feature). */
export const dashboardKeys = queryKeys('dashboard', {
  figures: organizerDashboard,
  upcoming: dashboardUpcomingEventList,
  organizations: panelOrganizationList,
});
