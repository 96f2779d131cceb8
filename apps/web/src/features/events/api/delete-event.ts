import { deleteEvent } from '@marquee/contract';
import { useRouteMutation } from '../../../lib/api-hooks';
import { eventKeys } from './keys';

/**
 * Deleting refreshes the lists only: the deleted event's own header and detail, still on screen until
 * the page moves away, would otherwise be asked for again and answer 404.
 */
export const useDeleteEvent = () =>
  useRouteMutation(deleteEvent, { invalidates: [eventKeys.list.all, eventKeys.memberEvents.all] });
