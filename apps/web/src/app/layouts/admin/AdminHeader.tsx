import { Burger, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../../components/Brand';
import { PATHS } from '../../paths';
import { UserMenu } from './UserMenu';

export function AdminHeader({ navOpened, onToggleNav }: { navOpened: boolean; onToggleNav: () => void }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        />
        <UnstyledButton component={Link} to={PATHS.dashboard} aria-label="Marquee dashboard">
          <Brand />
        </UnstyledButton>
      </Group>
      <UserMenu />
    </Group>
  );
}
