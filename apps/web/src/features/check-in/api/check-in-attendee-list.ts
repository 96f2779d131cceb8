import { routeListQuery } from '../../../lib/api-hooks';
import { checkInKeys } from './keys';

/** One page of a date's attendees, from the list's URL state (search, `checkedIn`, `ticketTypeId`). */
export const checkInAttendeeListQuery = (
  eventId: string,
  occurrenceId: string,
  query: Record<string, unknown>,
) => routeListQuery(checkInKeys.attendees, { ...query, eventId, occurrenceId });
