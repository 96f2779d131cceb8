import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { CATALOG_REQUEST_PATHS } from './paths';

export const catalogRequestRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      CATALOG_REQUEST_PATHS.catalogRequestsMine,
      () => import('./routes/CatalogRequestsPage'),
      (m) => m.CatalogRequestsPage,
    ),
  ],
};
