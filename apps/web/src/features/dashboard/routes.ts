import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { startFigures } from './api/early-figures';
import { DASHBOARD_PATHS } from './paths';

export const dashboardRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      DASHBOARD_PATHS.dashboard,
      'console',
      // The figures are asked for as the route matches, alongside the screen's code and the profile
      // (api/early-figures.ts), not once that code has arrived.
      () => {
        startFigures(window.location.href);
        return import('./routes/dashboard-entry').then((m) => m.loadDashboard());
      },
      (m) => m.DashboardPage,
      // Its first paint uses only the admin layout's part of Mantine's styles (the build checks it); what
      // shows after it brings the whole stylesheet itself (UpcomingRows…).
      { mantineStyles: 'console' },
    ),
  ],
};
