import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { WAITING_LIST_PATHS } from './paths';

export const waitingListRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      WAITING_LIST_PATHS.eventWaitingList,
      'console',
      () => import('./routes/EventWaitingListPage'),
      (m) => m.EventWaitingListPage,
    ),
  ],
};
