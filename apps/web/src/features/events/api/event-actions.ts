import {
  archiveEvent,
  cancelEvent,
  deleteEvent,
  EVENT_MESSAGES,
  type EventVisibility,
  organizerPanelEventAction,
  updateEventStatus,
} from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteMutation } from '../../../lib/api-hooks';
import { HttpError, http } from '../../../lib/http';
import { toast } from '../../../lib/toasts';
import { AFTER_EVENT_CHANGE, eventKeys } from './keys';

const AFTER_CHANGE = { invalidates: AFTER_EVENT_CHANGE };

/** Block, verify, report, archive or delete one or more events (`organizer-panel-event-action`). */
export const useEventAction = () => useRouteMutation(organizerPanelEventAction, AFTER_CHANGE);
export const useArchiveEvents = () => useRouteMutation(archiveEvent, AFTER_CHANGE);
/**
 * Deleting refreshes the lists only: the deleted event's own header and detail, still on screen until
 * the page moves away, would otherwise be asked for again and answer 404.
 */
export const useDeleteEvent = () =>
  useRouteMutation(deleteEvent, { invalidates: [eventKeys.list.all, eventKeys.memberEvents.all] });
export const useCancelEvent = () => useRouteMutation(cancelEvent, AFTER_CHANGE);

/**
 * Public/private switch (`update-event-status`). A refusal (the event is blocked, cancelled, past…)
 * is told in the spec's words, "Event status can't be changed.", whatever the server's wording; other
 * failures (offline, timeout) keep their own message.
 */
export function useUpdateEventVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { eventId: string; visibility: EventVisibility }) =>
      http(updateEventStatus, { body, silent: true }),
    onSuccess: async (response) => {
      await Promise.all(AFTER_EVENT_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      toast.success(response.message);
    },
    onError: (error) => {
      if (!(error instanceof HttpError)) return void toast.error(EVENT_MESSAGES.statusLocked);
      // A 401/423 ends the session (the http helper says so); an aborted call was the caller's choice.
      if (error.kind === 'aborted' || error.status === 401 || error.status === 423) return;
      const refused = error.kind === 'response' && error.status >= 400 && error.status < 500;
      toast.error(refused ? EVENT_MESSAGES.statusLocked : error.message);
    },
  });
}
