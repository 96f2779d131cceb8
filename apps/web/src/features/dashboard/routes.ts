import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { DASHBOARD_PATHS } from './paths';

export const dashboardRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      DASHBOARD_PATHS.dashboard,
      'console',
      () => import('./routes/dashboard-entry').then((m) => m.loadDashboard()),
      (m) => m.DashboardPage,
    ),
  ],
};
