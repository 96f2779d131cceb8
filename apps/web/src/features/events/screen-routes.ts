import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/routing';
import { EVENT_PATHS } from './paths';

/** List and details screens (event-management, organization-events, event-details, event-class-details). */
export const eventScreenRoutes: RouteObject[] = [
  lazyScreen(
    EVENT_PATHS.eventManagement,
    () => import('./routes/EventListPage'),
    (m) => m.EventListPage,
  ),
  lazyScreen(
    EVENT_PATHS.organizationEvents,
    () => import('./routes/OrganizationEventsPage'),
    (m) => m.OrganizationEventsPage,
  ),
  ...[EVENT_PATHS.eventDetails, EVENT_PATHS.eventClassDetails].map((path) =>
    lazyScreen(
      path,
      () => import('./routes/EventDetailsPage'),
      (m) => m.EventDetailsPage,
    ),
  ),
];
