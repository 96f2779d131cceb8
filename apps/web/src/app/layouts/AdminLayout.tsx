// Only the part of Mantine's styles the layout and the dashboard's first paint use; every other screen
// loads the whole stylesheet with its code (lib/routing.ts, `consoleScreen`).
import '../../styles/mantine-console.css';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { ScreenAccessGate } from '../guards/ScreenAccessGate';
import { AdminHeader } from './admin/AdminHeader';
import { AdminNavbar } from './admin/AdminNavbar';
import { HEADER_HEIGHT } from './admin/header-height';

/** Shell of the admin area: header with the user menu, role-based side navigation, the screen. */
export function AdminLayout() {
  // Below the `sm` breakpoint the navbar is a drawer opened by the burger; above it, always visible.
  const [navOpened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <AdminHeader navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AdminNavbar onNavigate={close} />
      </AppShell.Navbar>
      {/* tabIndex -1: the skip link moves focus here without adding a tab stop. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ScreenAccessGate />
      </AppShell.Main>
    </AppShell>
  );
}
