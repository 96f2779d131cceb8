import { routeQuery } from '../../../lib/api-hooks';
import { attendeeMessageRefKeys } from './keys';

export const messageEventQuery = (eventId: string) => routeQuery(attendeeMessageRefKeys.event, { eventId });
