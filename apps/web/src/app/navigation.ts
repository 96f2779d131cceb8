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
import { type AppPath, isBuilt, PATHS } from './paths';

export interface NavItem {
  label: string;
  to: AppPath;
  icon: TablerIcon;
  roles: readonly ConsoleRole[];
  /** Deeper screens that belong to this entry though their paths start elsewhere (an event's check-in). */
  alsoActive?: RegExp;
}

const EVERYONE: readonly ConsoleRole[] = ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER'];
/** Everyone with console access, scanner-only members included: the door is theirs too. */
const WITH_SCANNERS: readonly ConsoleRole[] = [...EVERYONE, 'SCANNER'];

/**
 * The side navigation, in display order. Members work on the events their organizer assigned them;
 * they also see, read-only, the organizations they belong to (domain.md, "People and roles").
 */
export const SIDE_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: PATHS.dashboard, icon: IconLayoutDashboard, roles: EVERYONE },
  {
    label: 'Category management',
    to: PATHS.categoryManagement,
    icon: IconCategory,
    roles: ['ADMINISTRATOR'],
  },
  { label: 'Tag management', to: PATHS.tagManagement, icon: IconTags, roles: ['ADMINISTRATOR'] },
  { label: 'Banner management', to: PATHS.bannerManagement, icon: IconPhoto, roles: ['ADMINISTRATOR'] },
  {
    label: 'Content management',
    to: PATHS.contentManagement,
    icon: IconFileText,
    roles: ['ADMINISTRATOR'],
  },
  {
    label: 'Reason management',
    to: PATHS.reasonManagement,
    icon: IconListDetails,
    roles: ['ADMINISTRATOR'],
  },
  { label: 'User management', to: PATHS.userManagement, icon: IconUsers, roles: ['ADMINISTRATOR'] },
  {
    label: 'Organizer requests',
    to: PATHS.organizerRequests,
    icon: IconUserCheck,
    roles: ['ADMINISTRATOR'],
  },
  {
    label: 'Non-profit requests',
    to: PATHS.nonProfitRequests,
    icon: IconHeartHandshake,
    roles: ['ADMINISTRATOR'],
  },
  { label: 'Audit log', to: PATHS.auditLog, icon: IconHistory, roles: ['ADMINISTRATOR'] },
  {
    label: 'Organizations',
    to: PATHS.organizations,
    icon: IconBuildingCommunity,
    roles: EVERYONE,
  },
  { label: 'Event management', to: PATHS.eventManagement, icon: IconCalendarEvent, roles: EVERYONE },
  {
    label: 'Catalog requests',
    to: PATHS.catalogRequestsMine,
    icon: IconGitPullRequest,
    roles: ['ORGANIZER'],
  },
  { label: 'Orders', to: PATHS.orders, icon: IconReceipt, roles: EVERYONE },
  {
    label: 'Check-in',
    to: PATHS.checkIn,
    icon: IconScan,
    roles: WITH_SCANNERS,
    alsoActive: /^\/orders\/events\/[^/]+\/(check-in|scan-history)(\/|$)/,
  },
];

/** Entries of the user menu in the header, above Logout. */
export const ACCOUNT_MENU: readonly Omit<NavItem, 'roles'>[] = [
  { label: 'My profile', to: PATHS.myProfile, icon: IconUser },
  { label: 'Change password', to: PATHS.changePassword, icon: IconKey },
];

/** What a role sees in the side navigation: its items whose screens exist in this build. */
export function sideNavFor(role: ConsoleRole): NavItem[] {
  return SIDE_NAV.filter((item) => item.roles.includes(role) && isBuilt(item.to));
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

export function accountMenuItems(): Omit<NavItem, 'roles'>[] {
  return ACCOUNT_MENU.filter((item) => isBuilt(item.to));
}
