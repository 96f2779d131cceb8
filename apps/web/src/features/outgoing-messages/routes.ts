import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { OUTGOING_MESSAGE_PATHS } from './paths';

export const outgoingMessageRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      OUTGOING_MESSAGE_PATHS.outgoingMessages,
      'admin',
      () => import('./routes/OutgoingMessagesPage'),
      (m) => m.OutgoingMessagesPage,
    ),
  ],
};
