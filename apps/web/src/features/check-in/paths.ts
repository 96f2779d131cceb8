/**
 * The door check-in screens (docs/routes.md, "Orders"). Static segments (`check-in`) rank above the
 * orders' `:bookingId`, and `events/:eventId/check-in` above `events/:eventId`.
 */
export const CHECK_IN_PATHS = {
  checkIn: '/orders/check-in',
  eventCheckIn: '/orders/events/:eventId/check-in',
  scanHistory: '/orders/events/:eventId/scan-history',
} as const;

const id = encodeURIComponent;

/** The check-in picker; `list` shows it even when the caller has one event (which it otherwise opens). */
export const checkInPickerPath = (options: { list?: boolean } = {}) =>
  `${CHECK_IN_PATHS.checkIn}${options.list ? '?list=1' : ''}`;

/** One event's check-in, on a chosen date (`?date=<occurrenceId>`) or its default one. */
export const eventCheckInPath = (eventId: string, occurrenceId?: string | null) =>
  `/orders/events/${id(eventId)}/check-in${occurrenceId ? `?date=${id(occurrenceId)}` : ''}`;

/** The event's scan history (its own screen), narrowed to a date when given. */
export const scanHistoryPath = (eventId: string, occurrenceId?: string | null) =>
  `/orders/events/${id(eventId)}/scan-history${occurrenceId ? `?occurrenceId=${id(occurrenceId)}` : ''}`;
