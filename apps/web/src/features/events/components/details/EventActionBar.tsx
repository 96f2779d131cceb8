import { Button, Group, Menu, Switch } from '@mantine/core';
import type { EventDetail } from '@marquee/contract';
import { IconChevronDown, IconPencil, IconReceiptRefund, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { openConfirmAction } from '../../../../components/ConfirmAction';
import { eventAttendeesPath } from '../../../orders';
import { issueEventRefundPath } from '../../../refunds';
import { useUpdateEventVisibility } from '../../api/update-event-status';
import { EVENT_PATHS } from '../../paths';
import { ACTION_SPECS, availableActions, canManage } from '../moderation/event-actions';
import { useEditEvent } from '../moderation/use-edit-event';
import { useEventModeration } from '../moderation/use-event-moderation';

const PARTS = { SINGLE: 'its date', MULTI: 'all its dates', CLASS: 'all its sessions' } as const;

/**
 * Edit, the public/private switch and the other actions in one menu, so a phone shows three controls
 * rather than a long row of buttons. Every change goes through Cancel/Confirm.
 */
export function EventActionBar({ event, isAdmin }: { event: EventDetail; isAdmin: boolean }) {
  const navigate = useNavigate();
  const edit = useEditEvent();
  const moderation = useEventModeration();
  const visibility = useUpdateEventVisibility();
  const isPublic = event.visibility === 'PUBLIC';
  const next = isPublic ? 'PRIVATE' : 'PUBLIC';
  const actions = availableActions(event, isAdmin);

  const switchVisibility = () =>
    openConfirmAction({
      title: isPublic ? 'Make event private' : 'Make event public',
      message: `Make "${event.title}" and ${PARTS[event.kind]} ${isPublic ? 'private' : 'public'}?`,
      onConfirm: () => visibility.mutateAsync({ eventId: event._id, visibility: next }),
    });

  return (
    <Group gap="sm" wrap="wrap" data-testid="event-actions">
      {event.status !== 'CANCELLED' && (
        <Button leftSection={<IconPencil size={16} />} onClick={() => void edit(event)}>
          Edit
        </Button>
      )}
      <Button
        variant="default"
        component={Link}
        to={eventAttendeesPath(event._id)}
        leftSection={<IconUsers size={16} aria-hidden />}
      >
        Attendees
      </Button>
      {event.status === 'CANCELLED' && canManage(event) && (
        <Button
          variant="default"
          component={Link}
          to={issueEventRefundPath(event._id)}
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
        >
          Refund orders
        </Button>
      )}
      <Switch
        label="Public"
        checked={isPublic}
        disabled={visibility.isPending}
        // The switch only asks; the event changes after Confirm and the server's answer.
        onChange={switchVisibility}
      />
      {actions.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={14} />}
              loading={moderation.pending}
            >
              More actions
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {actions.map((action) => (
              <Menu.Item
                key={action}
                color={ACTION_SPECS[action].danger ? 'red' : undefined}
                onClick={() =>
                  void moderation.run(action, [event], () => {
                    if (action === 'DELETE') navigate(EVENT_PATHS.eventManagement);
                    // A cancelled event's paid orders are refunded next (issue-event-refund).
                    if (action === 'CANCEL') navigate(issueEventRefundPath(event._id));
                  })
                }
              >
                {ACTION_SPECS[action].label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
