import { sendAttendeeMessage } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { attendeeMessageKeys } from './keys';

/**
 * Sends a message to attendees. Idempotent: a retry after a lost answer (or a second click) carries the
 * same key, and the server sends nothing twice.
 */
export const useSendAttendeeMessage = () =>
  useRouteMutation(sendAttendeeMessage, { invalidates: [attendeeMessageKeys.all], idempotent: true });
