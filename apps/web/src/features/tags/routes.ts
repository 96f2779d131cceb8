import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { TAG_PATHS } from './paths';

export const tagRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      TAG_PATHS.tagManagement,
      () => import('./routes/TagManagementPage'),
      (m) => m.TagManagementPage,
    ),
  ],
};
