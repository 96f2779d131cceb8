import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/** What may be done to the event now, and why not: asked before opening edit, delete and status changes. */
export const availabilityQuery = (eventId: string) => routeQuery(eventKeys.availability, { eventId });
