import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

export const eventOrganizersQuery = (eventId: string) => routeQuery(eventKeys.organizers, { eventId });
