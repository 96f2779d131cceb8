export const ORGANIZATION_PATHS = {
  organizations: '/organizations',
  newOrganization: '/organizations/new',
  /** Patterns; build links with the helpers below. `?tab=profile|team|settings|payouts`. */
  organizationDetails: '/organizations/:organizationId',
  editOrganization: '/organizations/:organizationId/edit',
  inviteMember: '/organizations/:organizationId/users/invite',
  memberDetails: '/organizations/:organizationId/users/:memberId',
} as const;

export type OrganizationTab = 'profile' | 'team' | 'settings' | 'payouts';

/** `/organizations/:organizationId`, optionally on one tab. */
export const organizationPath = (organizationId: string, tab?: OrganizationTab) =>
  `/organizations/${encodeURIComponent(organizationId)}${tab && tab !== 'profile' ? `?tab=${tab}` : ''}`;
export const editOrganizationPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/edit`;
export const inviteMemberPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/users/invite`;
export const memberPath = (organizationId: string, memberId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/users/${encodeURIComponent(memberId)}`;
