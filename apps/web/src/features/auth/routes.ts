import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { AUTH_PATHS } from './paths';

export const authRoutes: FeatureRoutes = {
  account: [
    lazyScreen(
      AUTH_PATHS.login,
      () => import('./routes/LoginPage'),
      (m) => m.LoginPage,
    ),
  ],
};
