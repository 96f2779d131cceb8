import { type ConsoleScreen, consoleScreen } from '../../lib/routing';
import { EVENT_PATHS } from './paths';

/** List and details screens (event-management, organization-events, event-details, event-class-details). */
export const eventScreenRoutes: ConsoleScreen[] = [
  consoleScreen(
    EVENT_PATHS.eventManagement,
    'console',
    () => import('./routes/EventListPage'),
    (m) => m.EventListPage,
  ),
  consoleScreen(
    EVENT_PATHS.organizationEvents,
    'console',
    () => import('./routes/OrganizationEventsPage'),
    (m) => m.OrganizationEventsPage,
  ),
  ...[EVENT_PATHS.eventDetails, EVENT_PATHS.eventClassDetails].map((path) =>
    consoleScreen(
      path,
      'console',
      () => import('./routes/EventDetailsPage'),
      (m) => m.EventDetailsPage,
    ),
  ),
];
