import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { DEV_OUTBOX_PATHS } from './paths';

export const devOutboxRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      DEV_OUTBOX_PATHS.devOutbox,
      () => import('./routes/DevOutboxPage'),
      (m) => m.DevOutboxPage,
    ),
  ],
};
