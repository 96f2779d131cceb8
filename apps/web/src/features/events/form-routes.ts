import { type ConsoleScreen, consoleScreen } from '../../lib/routing';
import { EVENT_PATHS } from './paths';

/** Create and edit screens (create-event, class-creator-event, edit-event, edit-class-event): one form. */
export const eventFormRoutes: ConsoleScreen[] = [
  EVENT_PATHS.createEvent,
  EVENT_PATHS.classCreatorEvent,
  EVENT_PATHS.editEvent,
  EVENT_PATHS.editClassEvent,
].map((path) =>
  consoleScreen(
    path,
    'console',
    () => import('./routes/EventFormPage'),
    (m) => m.EventFormPage,
  ),
);
