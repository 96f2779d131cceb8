import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { REASON_PATHS } from './paths';

export const reasonRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      REASON_PATHS.reasonManagement,
      'admin',
      () => import('./routes/ReasonManagementPage'),
      (m) => m.ReasonManagementPage,
    ),
  ],
};
