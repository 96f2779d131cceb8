import { EVENT_MESSAGES, type EventVisibility, updateEventStatus } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError, http } from '../../../lib/http';
import { toast } from '../../../lib/toasts';
import { AFTER_EVENT_CHANGE } from './keys';

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
