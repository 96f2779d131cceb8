import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { APPROVAL_PATHS } from './paths';

export const approvalRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      APPROVAL_PATHS.organizerRequests,
      () => import('./routes/OrganizerRequestsPage'),
      (m) => m.OrganizerRequestsPage,
    ),
    lazyScreen(
      APPROVAL_PATHS.nonProfitRequests,
      () => import('./routes/NonProfitRequestsPage'),
      (m) => m.NonProfitRequestsPage,
    ),
  ],
};
