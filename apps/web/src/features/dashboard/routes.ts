import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { DASHBOARD_PATHS } from './paths';

export const dashboardRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      DASHBOARD_PATHS.dashboard,
      () => import('./routes/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  ],
};
