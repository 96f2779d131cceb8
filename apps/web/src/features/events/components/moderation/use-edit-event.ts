import { EVENT_MESSAGES, type EventKind, type EventStatus } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../../lib/toasts';
import { availabilityQuery } from '../../api/availability';
import { createEventPath, EVENT_PATHS, editEventPath } from '../../paths';

/** A draft is resumed in the create form (`?draft=`); a published event opens its edit form. */
export function draftPath(eventId: string, kind: EventKind): string {
  const base = kind === 'CLASS' ? EVENT_PATHS.classCreatorEvent : createEventPath(kind);
  return `${base}${base.includes('?') ? '&' : '?'}draft=${encodeURIComponent(eventId)}`;
}

/**
 * Edit asks the server first whether the event may still be edited (bookings, a past or cancelled
 * event…); a refusal is told in the spec's words rather than opening a form that could not be saved.
 */
export function useEditEvent() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (event: { _id: string; kind: EventKind; status: EventStatus }) => {
    const availability = await queryClient
      .fetchQuery({ ...availabilityQuery(event._id), staleTime: 0 })
      .catch(() => null);
    if (!availability) return; // the http helper already said why the call failed
    if (!availability.canEdit) {
      toast.error(availability.editReason ?? EVENT_MESSAGES.notEditable);
      return;
    }
    navigate(
      event.status === 'DRAFT' ? draftPath(event._id, event.kind) : editEventPath(event._id, event.kind),
    );
  };
}
