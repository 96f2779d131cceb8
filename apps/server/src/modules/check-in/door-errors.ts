import { badRequest } from '../../lib/errors.js';

/** The answer to a date that is not one of the event's (`checkin_scan` finds it in SQL and raises P0002). */
export const notAnEventDate = () =>
  badRequest('This date is not one of the event’s dates.', [
    { field: 'occurrenceId', message: 'Choose one of the event’s dates' },
  ]);
