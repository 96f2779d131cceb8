import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { DEV_OUTBOX_PATHS } from './paths';

export const devOutboxRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      DEV_OUTBOX_PATHS.devOutbox,
      'admin',
      () => import('./routes/DevOutboxPage'),
      (m) => m.DevOutboxPage,
    ),
  ],
};
