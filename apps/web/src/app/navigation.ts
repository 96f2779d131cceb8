import {
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCategory,
  IconFileText,
  IconGitPullRequest,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconPhoto,
  IconReceipt,
  IconTags,
  IconUser,
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
}

const EVERYONE: readonly ConsoleRole[] = ['ADMINISTRATOR', 'ORGANIZER', 'MEMBER'];

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

export function accountMenuItems(): Omit<NavItem, 'roles'>[] {
  return ACCOUNT_MENU.filter((item) => isBuilt(item.to));
}
