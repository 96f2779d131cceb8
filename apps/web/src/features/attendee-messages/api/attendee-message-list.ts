import { routeListQuery } from '../../../lib/api-hooks';
import { attendeeMessageKeys } from './keys';

export const attendeeMessageListQuery = (eventId: string, limit: number) =>
  routeListQuery(attendeeMessageKeys.list, { eventId, page: 1, limit });
