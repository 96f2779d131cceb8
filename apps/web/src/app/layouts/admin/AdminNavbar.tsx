import { AppShell, Badge, NavLink, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CONSOLE_ROLE_LABELS, consoleRoleOf, useSessionProfile } from '../../../features/auth';
import { activeNavItem, sideNavFor } from '../../navigation';

export function AdminNavbar({ onNavigate }: { onNavigate: () => void }) {
  const profile = useSessionProfile();
  const { pathname } = useLocation();
  // The guard only lets profiles with console access in, so a role always exists here.
  const role = consoleRoleOf(profile) ?? 'MEMBER';
  const items = sideNavFor(role);
  const active = activeNavItem(items, pathname);
  return (
    <>
      {/* The browser's own scrolling, not Mantine's ScrollArea: that one imports a helper from Floating UI,
          which brought ~20 kB gzip into every console screen's first download (docs/performance.md, "Why the
          dashboard's LCP sits at 3.5 s"). The links inside keep it reachable by keyboard. */}
      <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
        {items.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={20} stroke={1.6} />}
            active={item === active}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </AppShell.Section>
      <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <Text size="xs" c="dimmed" mb={4}>
          Signed in as
        </Text>
        <Badge variant="light" data-testid="console-role">
          {CONSOLE_ROLE_LABELS[role]}
        </Badge>
      </AppShell.Section>
    </>
  );
}
