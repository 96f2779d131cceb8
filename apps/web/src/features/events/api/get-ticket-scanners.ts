import { routeQuery } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

export const eventScannersQuery = (eventId: string) => routeQuery(eventKeys.scanners, { eventId });
