import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { TAG_PATHS } from './paths';

export const tagRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      TAG_PATHS.tagManagement,
      'admin',
      () => import('./routes/TagManagementPage'),
      (m) => m.TagManagementPage,
    ),
  ],
};
