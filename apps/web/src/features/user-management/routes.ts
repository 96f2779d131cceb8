import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { USER_MANAGEMENT_PATHS } from './paths';

export const userManagementRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      USER_MANAGEMENT_PATHS.userManagement,
      'admin',
      () => import('./routes/UserManagementPage'),
      (m) => m.UserManagementPage,
    ),
    ...[
      USER_MANAGEMENT_PATHS.userDetail,
      USER_MANAGEMENT_PATHS.userDetailTab,
      USER_MANAGEMENT_PATHS.bookedEventDetails,
    ].map((path) =>
      consoleScreen(
        path,
        'admin',
        () => import('./routes/UserDetailPage'),
        (m) => m.UserDetailPage,
      ),
    ),
  ],
};
