import { EVENT_MESSAGES, emptySelectionMessage } from '@marquee/contract';
import { useQueryClient } from '@tanstack/react-query';
import { openConfirmAction } from '../../../../components/ConfirmAction';
import { toast } from '../../../../lib/toasts';
import { useArchiveEvents } from '../../api/archive-event';
import { availabilityQuery } from '../../api/availability';
import { useCancelEvent } from '../../api/cancel-event';
import { useDeleteEvent } from '../../api/delete-event';
import { useEventAction } from '../../api/organizer-panel-event-action';
import { ACTION_SPECS, type ModeratedEvent, type ModerationAction } from './event-actions';
import { openReasonDialog } from './ReasonDialog';

/**
 * Runs a moderation action on one event or a selection, each behind its Cancel/Confirm dialog:
 * report and cancel ask for a reason; deleting one event asks the server first whether it may be
 * deleted and says why not ("This event can't be deleted"). Success toasts the server's message and
 * refreshes every event read.
 */
export function useEventModeration() {
  const queryClient = useQueryClient();
  const panel = useEventAction();
  const archive = useArchiveEvents();
  const remove = useDeleteEvent();
  const cancel = useCancelEvent();
  const pending = panel.isPending || archive.isPending || remove.isPending || cancel.isPending;

  async function deletable(eventId: string): Promise<boolean> {
    const availability = await queryClient
      .fetchQuery({ ...availabilityQuery(eventId), staleTime: 0 })
      .catch(() => null);
    if (!availability) return false; // the http helper already said why the call failed
    if (availability.canDelete) return true;
    toast.error(availability.deleteReason ?? EVENT_MESSAGES.notDeletable);
    return false;
  }

  async function run(action: ModerationAction, events: ModeratedEvent[], onDone?: () => void) {
    const [first] = events;
    if (!first) {
      toast.warning(emptySelectionMessage(action === 'DELETE' ? 'delete' : 'archive'));
      return;
    }
    const spec = ACTION_SPECS[action];
    const eventIds = events.map((e) => e._id);
    const name = events.length === 1 ? first.title : `${events.length} events`;
    const question = events.length === 1 ? spec.question(first.title) : spec.question(name);

    if (action === 'REPORT' || action === 'CANCEL') {
      openReasonDialog({
        title: spec.confirmTitle,
        question,
        kind: action === 'REPORT' ? 'EVENT_REPORT' : 'EVENT_CANCEL',
        withNote: action === 'CANCEL',
        onConfirm: ({ reasonId, note }) =>
          action === 'REPORT'
            ? panel.mutateAsync({ eventIds, action, reasonId }).then(onDone)
            : cancel.mutateAsync({ eventId: first._id, reasonId, note }).then(onDone),
      });
      return;
    }
    if (action === 'DELETE' && events.length === 1 && !(await deletable(first._id))) return;

    openConfirmAction({
      title: events.length === 1 ? spec.confirmTitle : `${spec.label} ${events.length} events`,
      message: question,
      danger: spec.danger,
      onConfirm: async () => {
        if (action === 'ARCHIVE' || action === 'UNARCHIVE') {
          await archive.mutateAsync({ eventIds, archived: action === 'ARCHIVE' });
        } else if (action === 'DELETE' && events.length === 1) {
          await remove.mutateAsync({ eventId: first._id });
        } else {
          await panel.mutateAsync({ eventIds, action });
        }
        onDone?.();
      },
    });
  }

  return { run, pending };
}
