import { routeQuery } from '../../../lib/api-hooks';
import { orderRefKeys } from './keys';

export const eventHeaderQuery = (eventId: string) => routeQuery(orderRefKeys.eventHeader, { eventId });
