import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, accountMenuItems, activeNavItem, SIDE_NAV, sideNavFor } from './navigation';
import { BUILT_SCREENS } from './paths';

describe('navigation', () => {
  it('plans the spec navigation for each role', () => {
    const labelsFor = (role: 'ADMINISTRATOR' | 'ORGANIZER') =>
      SIDE_NAV.filter((item) => item.roles.includes(role)).map((item) => item.label);
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
    expect(accountMenuItems()).toEqual(ACCOUNT_MENU.filter((item) => BUILT_SCREENS.has(item.to)));
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
