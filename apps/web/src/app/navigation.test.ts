import { describe, expect, it } from 'vitest';
import { type ConsoleRole, mayAccess } from '../lib/access';
import { adminAreaRoutes } from './feature-routes';
import { screenAccessDecision } from './guards/screen-access';
import { ACCOUNT_MENU, accountMenuItems, activeNavItem, SIDE_NAV, sideNavFor } from './navigation';
import { BUILT_SCREENS, PATHS } from './paths';

const ROLES: readonly ConsoleRole[] = ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER', 'SCANNER'];

/** The access the screen's route declares (its feature's routes.ts). */
const declared = (path: string) => adminAreaRoutes.find((route) => `/${route.path}` === path)?.handle.access;

describe('navigation', () => {
  it('plans the spec navigation for each role', () => {
    const labelsFor = (role: ConsoleRole) => sideNavFor(role).map((item) => item.label);
    expect(labelsFor('ADMINISTRATOR')).toEqual([
      'Dashboard',
      'Category management',
      'Tag management',
      'Banner management',
      'Content management',
      'Reason management',
      'User management',
      'Organizer requests',
      'Non-profit requests',
      'Audit log',
      'Outgoing messages',
      'Organizations',
      'Event management',
      'Orders',
      'Check-in',
    ]);
    expect(labelsFor('ORGANIZER')).toEqual([
      'Dashboard',
      'Organizations',
      'Event management',
      'Catalog requests',
      'Orders',
      'Check-in',
    ]);
  });

  it('gives scanner-only members the check-in and nothing else', () => {
    expect(sideNavFor('SCANNER').map((item) => item.label)).toEqual(['Check-in']);
    expect(sideNavFor('MEMBER').map((item) => item.label)).toContain('Check-in');
  });

  it("lights the entry a path belongs to most specifically, an event's check-in included", () => {
    const items = sideNavFor('ORGANIZER');
    expect(activeNavItem(items, '/orders/check-in')?.label).toBe('Check-in');
    expect(activeNavItem(items, '/orders/events/e1/check-in')?.label).toBe('Check-in');
    expect(activeNavItem(items, '/orders/events/e1/scan-history')?.label).toBe('Check-in');
    expect(activeNavItem(items, '/orders/events/e1')?.label).toBe('Orders');
    expect(activeNavItem(items, '/orders/b1/tickets')?.label).toBe('Orders');
    expect(activeNavItem(items, '/login')).toBeUndefined();
  });

  it('shows only entries whose screens exist', () => {
    for (const role of ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER', 'SCANNER'] as const) {
      expect(sideNavFor(role).every((item) => BUILT_SCREENS.has(item.to))).toBe(true);
    }
    expect(sideNavFor('ORGANIZER').map((item) => item.label)).toContain('Dashboard');
    expect(accountMenuItems('SCANNER')).toEqual(ACCOUNT_MENU.filter((item) => BUILT_SCREENS.has(item.to)));
  });
});

describe('access declared on the routes', () => {
  it('shows an entry to exactly the roles its screen declares, and the guard opens it to the same roles', () => {
    for (const item of SIDE_NAV) {
      const access = declared(item.to);
      expect(access, item.to).toBeDefined();
      for (const role of ROLES) {
        const allowed = access !== undefined && mayAccess(role, access);
        expect(sideNavFor(role).includes(item), `${item.label} for ${role}`).toBe(allowed);
        expect(screenAccessDecision(role, access, item.to).kind === 'open', `${item.to} for ${role}`).toBe(
          allowed,
        );
      }
    }
  });

  it("keeps an administrator's screen out of an organizer's navigation and refuses it as not found", () => {
    expect(declared(PATHS.tagManagement)).toBe('admin');
    expect(sideNavFor('ORGANIZER').map((item) => item.to)).not.toContain(PATHS.tagManagement);
    expect(screenAccessDecision('ORGANIZER', 'admin', PATHS.tagManagement)).toEqual({ kind: 'not-found' });
    expect(screenAccessDecision('ADMINISTRATOR', 'admin', PATHS.tagManagement)).toEqual({ kind: 'open' });
  });

  it('refuses a screen that declares nothing, and sends a role the dashboard is not for to its own first entry', () => {
    expect(screenAccessDecision('ADMINISTRATOR', undefined, '/anything')).toEqual({ kind: 'not-found' });
    expect(screenAccessDecision('SCANNER', declared(PATHS.dashboard), PATHS.dashboard)).toEqual({
      kind: 'redirect',
      to: PATHS.checkIn,
    });
  });
});

describe('built screens', () => {
  it('lists exactly the screens the router registers', async () => {
    const { routes } = await import('./router');
    const paths: string[] = [];
    const walk = (list: typeof routes) => {
      for (const route of list) {
        if (route.path && route.path !== '*') paths.push(`/${route.path}`);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect(new Set(paths)).toEqual(new Set(BUILT_SCREENS));
  });
});
