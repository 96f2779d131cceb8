import { Button, Group, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CARD_LAYOUT_QUERY } from '../../../../components/DataTable';
import { createEventPath, EVENT_PATHS } from '../../paths';

const CREATE = [
  { label: 'Single event', to: createEventPath('SINGLE') },
  { label: 'Multi event', to: createEventPath('MULTI') },
  { label: 'Class', to: EVENT_PATHS.classCreatorEvent },
];

/** The three ways to create: buttons on wide screens, one "Create" menu on phones. */
export function CreateEventButtons() {
  const phone = useMediaQuery(CARD_LAYOUT_QUERY, false, { getInitialValueInEffect: false });
  if (!phone) {
    return (
      <Group gap="xs">
        {CREATE.map((c) => (
          <Button key={c.to} component={Link} to={c.to} leftSection={<IconPlus size={16} />}>
            {c.label}
          </Button>
        ))}
      </Group>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          Create
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CREATE.map((c) => (
          <Menu.Item key={c.to} component={Link} to={c.to}>
            {c.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
