import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { CATALOG_REQUEST_PATHS } from './paths';

export const catalogRequestRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      CATALOG_REQUEST_PATHS.catalogRequestsMine,
      'approved-organizer',
      () => import('./routes/CatalogRequestsPage'),
      (m) => m.CatalogRequestsPage,
    ),
  ],
};
