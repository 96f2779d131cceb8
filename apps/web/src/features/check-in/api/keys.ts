import { checkInAttendeeList, checkInCounts, checkInEventList } from '@marquee/contract';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The check-in screen's reads. Counts are also written by the live stream (`setQueryData`), and a
 * scan or a manual mark refreshes counts and attendees.
 */
export const checkInKeys = queryKeys('check-in', {
  events: checkInEventList,
  counts: checkInCounts,
  attendees: checkInAttendeeList,
});
