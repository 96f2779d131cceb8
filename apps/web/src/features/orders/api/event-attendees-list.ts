import { routeListQuery } from '../../../lib/api-hooks';
import { orderKeys } from './keys';

export const attendeeListQuery = (query: Record<string, unknown>) =>
  routeListQuery(orderKeys.attendees, query);
