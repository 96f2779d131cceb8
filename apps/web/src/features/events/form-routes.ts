import type { RouteObject } from 'react-router';

/** Create and edit screens (create-event, class-creator-event, edit-event, edit-class-event). */
export const eventFormRoutes: RouteObject[] = [];
