import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { APPROVAL_PATHS } from './paths';

export const approvalRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      APPROVAL_PATHS.organizerRequests,
      'admin',
      () => import('./routes/OrganizerRequestsPage'),
      (m) => m.OrganizerRequestsPage,
    ),
    consoleScreen(
      APPROVAL_PATHS.nonProfitRequests,
      'admin',
      () => import('./routes/NonProfitRequestsPage'),
      (m) => m.NonProfitRequestsPage,
    ),
  ],
};
