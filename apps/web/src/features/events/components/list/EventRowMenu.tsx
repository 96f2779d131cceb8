import { ActionIcon, Menu } from '@mantine/core';
import type { EventSummary } from '@marquee/contract';
import { IconDots, IconEye, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { eventDetailsPath } from '../../paths';
import { ACTION_SPECS, availableActions, canManage } from '../moderation/event-actions';
import type { useEventModeration } from '../moderation/use-event-moderation';

/** One row's actions in a menu, so a phone's card keeps a single button in reach. */
export function EventRowMenu({
  event,
  isAdmin,
  moderation,
  onEdit,
}: {
  event: EventSummary;
  isAdmin: boolean;
  moderation: ReturnType<typeof useEventModeration>;
  onEdit: (event: EventSummary) => void;
}) {
  const actions = availableActions(event, isAdmin);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${event.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={eventDetailsPath(event._id, event.kind)}
          leftSection={<IconEye size={16} />}
        >
          View
        </Menu.Item>
        {canManage(event) && event.status !== 'CANCELLED' && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(event)}>
            Edit
          </Menu.Item>
        )}
        {actions.length > 0 && <Menu.Divider />}
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={ACTION_SPECS[action].danger ? 'red' : undefined}
            onClick={() => void moderation.run(action, [event])}
          >
            {ACTION_SPECS[action].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
