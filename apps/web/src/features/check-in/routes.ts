import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { CHECK_IN_PATHS } from './paths';

export const checkInRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      CHECK_IN_PATHS.checkIn,
      () => import('./routes/CheckInPickerPage'),
      (m) => m.CheckInPickerPage,
    ),
    lazyScreen(
      CHECK_IN_PATHS.eventCheckIn,
      () => import('./routes/CheckInPage'),
      (m) => m.CheckInPage,
    ),
    lazyScreen(
      CHECK_IN_PATHS.scanHistory,
      () => import('./routes/ScanHistoryPage'),
      (m) => m.ScanHistoryPage,
    ),
  ],
};
