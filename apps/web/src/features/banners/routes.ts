import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { BANNER_PATHS } from './paths';

export const bannerRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      BANNER_PATHS.bannerManagement,
      'admin',
      () => import('./routes/BannerListPage'),
      (m) => m.BannerListPage,
    ),
    ...[BANNER_PATHS.newBanner, BANNER_PATHS.editBanner].map((path) =>
      consoleScreen(
        path,
        'admin',
        () => import('./routes/BannerFormPage'),
        (m) => m.BannerFormPage,
      ),
    ),
  ],
};
