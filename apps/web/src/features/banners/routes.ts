import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { BANNER_PATHS } from './paths';

export const bannerRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      BANNER_PATHS.bannerManagement,
      () => import('./routes/BannerListPage'),
      (m) => m.BannerListPage,
    ),
    ...[BANNER_PATHS.newBanner, BANNER_PATHS.editBanner].map((path) =>
      lazyScreen(
        path,
        () => import('./routes/BannerFormPage'),
        (m) => m.BannerFormPage,
      ),
    ),
  ],
};
