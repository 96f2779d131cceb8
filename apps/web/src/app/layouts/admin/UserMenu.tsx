import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { consoleRoleOf, fullNameOf, useLogout, useSessionProfile } from '../../../features/auth';
import { accountMenuItems } from '../../navigation';

export function UserMenu() {
  const profile = useSessionProfile();
  const logout = useLogout();
  const fullName = fullNameOf(profile);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by the name it shows (a menu button, from Menu.Target): a label that differs from the
            visible text is what voice control users cannot say. The initials are decoration. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={profile.avatar} name={fullName} color="initials" size={32} radius="xl" aria-hidden />
            <Text size="sm" fw={500} truncate="end" maw={{ base: 110, xs: 200 }} data-testid="user-full-name">
              {fullName}
            </Text>
            <IconChevronDown size={14} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
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
