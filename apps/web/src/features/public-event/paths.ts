/**
 * The public event pages (docs/selling.md): for anyone with the link, outside the console's chrome.
 * `:event` is the event's slug or id.
 */
export const PUBLIC_EVENT_PATHS = {
  publicEvent: '/e/:event',
  /** The organizers' preview of an event before it is published (`preview` is never given as a slug). */
  previewEvent: '/e/preview/:eventId',
  /** Where the payment page sends the browser back; the booking it is about waits in sessionStorage. */
  publicEventReturn: '/e/:event/return',
  /** The confirmation and ticket page, `?token=` the booking's access token (the email links here too). */
  publicBooking: '/e/:event/booking/:bookingId',
} as const;

const id = encodeURIComponent;

export const publicEventPath = (event: string) => `/e/${id(event)}`;
export const publicEventReturnPath = (event: string) => `/e/${id(event)}/return`;
export const publicBookingPath = (event: string, bookingId: string, token: string) =>
  `/e/${id(event)}/booking/${id(bookingId)}?${new URLSearchParams({ token })}`;
export const previewEventPath = (eventId: string) => `/e/preview/${id(eventId)}`;

/** A waiting list entry's page, `?token=` its link's secret (the join answer and the emails link here). */
export const PUBLIC_WAITING_LIST_PATH = '/e/:event/waiting-list/:entryId';
export const publicWaitingListPath = (event: string, entryId: string, token: string) =>
  `/e/${id(event)}/waiting-list/${id(entryId)}?${new URLSearchParams({ token })}`;
