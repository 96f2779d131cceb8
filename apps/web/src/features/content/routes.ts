import { consoleScreen, type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { CONTENT_PATHS } from './paths';

export const contentRoutes: FeatureRoutes = {
  account: [
    lazyScreen(
      CONTENT_PATHS.terms,
      () => import('./routes/ContentPage'),
      (m) => m.TermsPage,
    ),
    lazyScreen(
      CONTENT_PATHS.privacy,
      () => import('./routes/ContentPage'),
      (m) => m.PrivacyPage,
    ),
  ],
  admin: [
    consoleScreen(
      CONTENT_PATHS.contentManagement,
      'admin',
      () => import('./routes/ContentManagementPage'),
      (m) => m.ContentManagementPage,
    ),
  ],
};
