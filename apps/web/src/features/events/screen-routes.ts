import type { RouteObject } from 'react-router';

/** List and details screens (event-management, organization-events, event-details, event-class-details). */
export const eventScreenRoutes: RouteObject[] = [];
