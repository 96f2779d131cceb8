import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { ATTENDEE_MESSAGE_PATHS } from './paths';

export const attendeeMessageRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      ATTENDEE_MESSAGE_PATHS.eventMessages,
      'console',
      () => import('./routes/EventMessagesPage'),
      (m) => m.EventMessagesPage,
    ),
  ],
};
