import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { CATALOG_PATHS } from './paths';

export const catalogRoutes: FeatureRoutes = {
  admin: Object.values(CATALOG_PATHS).map((path) =>
    lazyScreen(
      path,
      () => import('./routes/CategoryManagementPage'),
      (m) => m.CategoryManagementPage,
    ),
  ),
};
