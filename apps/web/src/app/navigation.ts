import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCategory,
  IconFileText,
  IconGitPullRequest,
  IconHeartHandshake,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconMailForward,
  IconPhoto,
  IconReceipt,
  IconScan,
  IconTags,
  IconUser,
  IconUserCheck,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ConsoleRole } from '../features/auth';
import { mayAccess, type ScreenAccess } from '../lib/access';
import { adminAreaRoutes } from './feature-routes';
import { type AppPath, PATHS } from './paths';

/**
 * An entry of the navigation. Who sees it is not written here: it is the access its screen's route
 * declares (the feature's routes.ts), the same declaration the guard enforces.
 */
export interface NavItem {
  label: string;
  to: AppPath;
  icon: TablerIcon;
  /** Deeper screens that belong to this entry though their paths start elsewhere (an event's check-in). */
  alsoActive?: RegExp;
}

/** The side navigation, in display order. */
export const SIDE_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: PATHS.dashboard, icon: IconLayoutDashboard },
  { label: 'Category management', to: PATHS.categoryManagement, icon: IconCategory },
  { label: 'Tag management', to: PATHS.tagManagement, icon: IconTags },
  { label: 'Banner management', to: PATHS.bannerManagement, icon: IconPhoto },
  { label: 'Content management', to: PATHS.contentManagement, icon: IconFileText },
  { label: 'Reason management', to: PATHS.reasonManagement, icon: IconListDetails },
  { label: 'User management', to: PATHS.userManagement, icon: IconUsers },
  { label: 'Organizer requests', to: PATHS.organizerRequests, icon: IconUserCheck },
  { label: 'Non-profit requests', to: PATHS.nonProfitRequests, icon: IconHeartHandshake },
  { label: 'Audit log', to: PATHS.auditLog, icon: IconHistory },
  { label: 'Outgoing messages', to: PATHS.outgoingMessages, icon: IconMailForward },
  { label: 'Organizations', to: PATHS.organizations, icon: IconBuildingCommunity },
  { label: 'Event management', to: PATHS.eventManagement, icon: IconCalendarEvent },
  { label: 'Catalog requests', to: PATHS.catalogRequestsMine, icon: IconGitPullRequest },
  { label: 'Orders', to: PATHS.orders, icon: IconReceipt },
  {
    label: 'Check-in',
    to: PATHS.checkIn,
    icon: IconScan,
    alsoActive: /^\/orders\/events\/[^/]+\/(check-in|scan-history)(\/|$)/,
  },
];

/** Entries of the user menu in the header, above Logout. */
export const ACCOUNT_MENU: readonly NavItem[] = [
  { label: 'My profile', to: PATHS.myProfile, icon: IconUser },
  { label: 'Change password', to: PATHS.changePassword, icon: IconKey },
];

/** Each console screen's declared access, by its absolute path. */
const ACCESS_BY_PATH: ReadonlyMap<string, ScreenAccess> = new Map(
  adminAreaRoutes.map((route) => [`/${route.path}`, route.handle.access]),
);

/**
 * Whether `role` may open the screen at `path` as its route declares; a path no console screen is
 * registered at (a menu entry with no route) is open to no one, so a menu never leads to the not-found page.
 */
export function mayOpen(role: ConsoleRole, path: string): boolean {
  const access = ACCESS_BY_PATH.get(path);
  return access !== undefined && mayAccess(role, access);
}

/** What a role sees in the side navigation: the entries whose screens its role may open. */
export function sideNavFor(role: ConsoleRole): NavItem[] {
  return SIDE_NAV.filter((item) => mayOpen(role, item.to));
}

/**
 * The entry to highlight for a path: the one it belongs to most specifically, so an event's check-in
 * (under /orders) lights Check-in, not Orders.
 */
export function activeNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  const claimed = items.find((item) => item.alsoActive?.test(pathname));
  if (claimed) return claimed;
  return items
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

export function accountMenuItems(role: ConsoleRole): NavItem[] {
  return ACCOUNT_MENU.filter((item) => mayOpen(role, item.to));
}
