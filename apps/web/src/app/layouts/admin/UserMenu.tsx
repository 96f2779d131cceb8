import { Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { consoleRoleOf, fullNameOf, useLogout, useSessionProfile } from '../../../features/auth';
import { useOpenedWhenAsked } from '../../../lib/use-loaded-component';
import { accountMenuItems } from '../../navigation';
import { UserMenuButton } from './UserMenuButton';

/**
 * The account menu: the person, their account pages and Logout. Loaded when first wanted (AdminHeader),
 * so it may be asked open before it came: `openAsked` opens it.
 */
export function UserMenu({
  openAsked = false,
  autoFocus = false,
}: {
  /** Open it (the stand-in was tapped, perhaps just before or after this came). */
  openAsked?: boolean;
  /** Its button takes the focus (the stand-in had it). */
  autoFocus?: boolean;
}) {
  const [opened, setOpened] = useOpenedWhenAsked(openAsked);
  const profile = useSessionProfile();
  const logout = useLogout();
  const fullName = fullNameOf(profile);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuButton autoFocus={autoFocus} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {profile.email}
          </Text>
        </Menu.Label>
        {accountMenuItems(consoleRoleOf(profile) ?? 'MEMBER').map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to} leftSection={<item.icon size={16} />}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* A bare "red" paints menu items in shade 6 (3.3:1 on white); a shade takes the theme's AA text colour. */}
        <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} onClick={() => logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
