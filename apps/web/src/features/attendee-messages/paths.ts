/** Messages to an event's attendees (docs/attendee-messages.md). */
export const ATTENDEE_MESSAGE_PATHS = {
  eventMessages: '/event-management/:eventId/messages',
} as const;

/** A prepared message: after a cancellation, after a date moved (`occurrenceId`), or to chosen orders. */
export type MessagePreset = 'cancelled' | 'date-change';

export interface MessagePrefill {
  preset?: MessagePreset;
  occurrenceId?: string;
  bookingIds?: readonly string[];
}

export function eventMessagesPath(eventId: string, prefill: MessagePrefill = {}): string {
  const search = new URLSearchParams();
  if (prefill.preset) search.set('preset', prefill.preset);
  if (prefill.occurrenceId) search.set('occurrenceId', prefill.occurrenceId);
  if (prefill.bookingIds?.length) search.set('bookingIds', prefill.bookingIds.join(','));
  const text = search.toString();
  return `/event-management/${encodeURIComponent(eventId)}/messages${text ? `?${text}` : ''}`;
}
