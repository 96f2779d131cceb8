import { routeQuery } from '../../../lib/api-hooks';
import { checkInKeys } from './keys';

/** Checked in / sold of one date; kept fresh by the live stream, read again when it is not connected. */
export const checkInCountsQuery = (eventId: string, occurrenceId: string) => ({
  ...routeQuery(checkInKeys.counts, { eventId, occurrenceId }),
  // Another date's figures must never stand in for this one's.
  placeholderData: undefined,
});
