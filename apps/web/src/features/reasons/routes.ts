import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { REASON_PATHS } from './paths';

export const reasonRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      REASON_PATHS.reasonManagement,
      () => import('./routes/ReasonManagementPage'),
      (m) => m.ReasonManagementPage,
    ),
  ],
};
