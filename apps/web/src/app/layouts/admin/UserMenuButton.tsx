import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { fullNameOf, useSessionProfile } from '../../../features/auth';

/**
 * The header's account button: the signed-in person's avatar and name. The menu's target (UserMenu), and
 * on its own the stand-in the header paints before the menu's code has come (AdminHeader).
 */
export function UserMenuButton(props: ComponentPropsWithRef<'button'>) {
  const profile = useSessionProfile();
  const fullName = fullNameOf(profile);
  return (
    // Named by the name it shows (a menu button, from Menu.Target): a label that differs from the
    // visible text is what voice control users cannot say. The initials are decoration.
    <UnstyledButton data-testid="user-menu" {...props}>
      <Group gap={8} wrap="nowrap">
        <Avatar src={profile.avatar} name={fullName} color="initials" size={32} radius="xl" aria-hidden />
        <Text size="sm" fw={500} truncate="end" maw={{ base: 110, xs: 200 }} data-testid="user-full-name">
          {fullName}
        </Text>
        <IconChevronDown size={14} stroke={1.8} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
