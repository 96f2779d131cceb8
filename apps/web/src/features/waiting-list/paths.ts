/** An event's waiting list in the console (docs/waiting-list.md). */
export const WAITING_LIST_PATHS = {
  eventWaitingList: '/event-management/:eventId/waiting-list',
} as const;

export function eventWaitingListPath(eventId: string): string {
  return `/event-management/${encodeURIComponent(eventId)}/waiting-list`;
}
