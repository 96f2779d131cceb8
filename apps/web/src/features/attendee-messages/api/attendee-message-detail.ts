import { routeQuery } from '../../../lib/api-hooks';
import { attendeeMessageKeys } from './keys';

export const attendeeMessageDetailQuery = (eventId: string, messageId: string) =>
  routeQuery(attendeeMessageKeys.detail, { eventId, messageId });
