import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { USER_MANAGEMENT_PATHS } from './paths';

export const userManagementRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      USER_MANAGEMENT_PATHS.userManagement,
      () => import('./routes/UserManagementPage'),
      (m) => m.UserManagementPage,
    ),
    ...[
      USER_MANAGEMENT_PATHS.userDetail,
      USER_MANAGEMENT_PATHS.userDetailTab,
      USER_MANAGEMENT_PATHS.bookedEventDetails,
    ].map((path) =>
      lazyScreen(
        path,
        () => import('./routes/UserDetailPage'),
        (m) => m.UserDetailPage,
      ),
    ),
  ],
};
