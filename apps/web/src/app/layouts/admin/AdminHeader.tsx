import { Burger, Group, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../../components/Brand';
import { useStandIn } from '../../../lib/use-loaded-component';
import { PATHS } from '../../paths';
import { UserMenuButton } from './UserMenuButton';

const loadUserMenu = () => import('./UserMenu').then((m) => m.UserMenu);

/**
 * The account menu, whose code (Floating UI) the screen does not need to paint: the same button stands
 * in. The code is fetched when someone shows an intent to use it (the pointer over it, the focus on it),
 * and the menu takes the button's place when it is tapped or pressed, opened, with the focus kept on it.
 * It never takes the place while a pointer may be pressing the stand-in, which would lose that tap.
 */
function AccountMenu() {
  const { Loaded: UserMenu, focused, standInProps } = useStandIn(loadUserMenu);
  if (UserMenu) return <UserMenu openAsked autoFocus={focused} />;
  return <UserMenuButton aria-haspopup="menu" aria-expanded={false} {...standInProps} />;
}

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
      <AccountMenu />
    </Group>
  );
}
