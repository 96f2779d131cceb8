import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

export const availabilityQuery = (eventId: string) => routeQuery(eventKeys.availability, { eventId });
