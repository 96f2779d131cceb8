import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/routing';
import { EVENT_PATHS } from './paths';

/** Create and edit screens (create-event, class-creator-event, edit-event, edit-class-event): one form. */
export const eventFormRoutes: RouteObject[] = [
  EVENT_PATHS.createEvent,
  EVENT_PATHS.classCreatorEvent,
  EVENT_PATHS.editEvent,
  EVENT_PATHS.editClassEvent,
].map((path) =>
  lazyScreen(
    path,
    () => import('./routes/EventFormPage'),
    (m) => m.EventFormPage,
  ),
);
