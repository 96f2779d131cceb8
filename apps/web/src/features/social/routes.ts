import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { SOCIAL_PATHS } from './paths';

export const socialRoutes: FeatureRoutes = {
  account: [
    lazyScreen(
      SOCIAL_PATHS.socialCallback,
      () => import('./routes/SocialCallbackPage'),
      (m) => m.SocialCallbackPage,
    ),
  ],
};
