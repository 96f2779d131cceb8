import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { CHECK_IN_PATHS } from './paths';

export const checkInRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      CHECK_IN_PATHS.checkIn,
      'session',
      () => import('./routes/CheckInPickerPage'),
      (m) => m.CheckInPickerPage,
    ),
    consoleScreen(
      CHECK_IN_PATHS.eventCheckIn,
      'session',
      () => import('./routes/CheckInPage'),
      (m) => m.CheckInPage,
    ),
    consoleScreen(
      CHECK_IN_PATHS.scanHistory,
      'session',
      () => import('./routes/ScanHistoryPage'),
      (m) => m.ScanHistoryPage,
    ),
  ],
};
