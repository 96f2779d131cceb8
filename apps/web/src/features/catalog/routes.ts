import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { CATALOG_PATHS } from './paths';

export const catalogRoutes: FeatureRoutes = {
  admin: Object.values(CATALOG_PATHS).map((path) =>
    consoleScreen(
      path,
      'admin',
      () => import('./routes/CategoryManagementPage'),
      (m) => m.CategoryManagementPage,
    ),
  ),
};
