/**
 * Console URLs used in code. The full map of planned screens lives in docs/routes.md; a path is added
 * here when code links to it.
 */
export const PATHS = {
  login: '/login',
  socialCallback: '/social-callback',
  forgotPassword: '/forgot-password',
  otpVerification: '/otp-verification',
  resetPassword: '/reset-password',
  /** The link of a reset email or an organization invitation; `:token` is the single-use token. */
  resetLink: '/reset-link/:token',
  /** The link of an email-change confirmation, sent to the new address. */
  confirmEmail: '/confirm-email/:token',
  terms: '/terms',
  privacy: '/privacy',
  /** Demo servers only (administrators): the messages the development outbox captured. */
  devOutbox: '/dev-outbox',
  dashboard: '/dashboard',
  myProfile: '/my-profile',
  changePassword: '/change-password',
  categoryManagement: '/category-management',
  subcategoryManagement: '/category-management/subcategories',
  categoryRequests: '/category-management/requests',
  tagManagement: '/tag-management',
  bannerManagement: '/banner-management',
  newBanner: '/banner-management/new',
  /** Pattern; build links with `editBannerPath(id)`. */
  editBanner: '/banner-management/:bannerId/edit',
  contentManagement: '/content-management',
  reasonManagement: '/reason-management',
  catalogRequestsMine: '/catalog-requests',
  userManagement: '/user-management',
  organizations: '/organizations',
  newOrganization: '/organizations/new',
  /** Patterns; build links with the helpers below. `?tab=profile|team|settings|payouts`. */
  organizationDetails: '/organizations/:organizationId',
  editOrganization: '/organizations/:organizationId/edit',
  inviteMember: '/organizations/:organizationId/users/invite',
  memberDetails: '/organizations/:organizationId/users/:memberId',
  eventManagement: '/event-management',
  orders: '/orders',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/**
 * Screens registered in the router today. Navigation entries pointing anywhere else stay hidden, so a
 * menu never leads to the not-found page; each later issue adds its path here with its route.
 */
export const BUILT_SCREENS: ReadonlySet<AppPath> = new Set<AppPath>([
  PATHS.login,
  PATHS.socialCallback,
  PATHS.dashboard,
  PATHS.categoryManagement,
  PATHS.subcategoryManagement,
  PATHS.categoryRequests,
  PATHS.tagManagement,
  PATHS.bannerManagement,
  PATHS.newBanner,
  PATHS.editBanner,
  PATHS.contentManagement,
  PATHS.reasonManagement,
  PATHS.catalogRequestsMine,
  PATHS.forgotPassword,
  PATHS.otpVerification,
  PATHS.resetPassword,
  PATHS.resetLink,
  PATHS.confirmEmail,
  PATHS.terms,
  PATHS.privacy,
  PATHS.myProfile,
  PATHS.changePassword,
  PATHS.devOutbox,
  PATHS.organizations,
  PATHS.newOrganization,
  PATHS.organizationDetails,
  PATHS.editOrganization,
  PATHS.inviteMember,
  PATHS.memberDetails,
]);

/** `/banner-management/:bannerId/edit` */
export const editBannerPath = (bannerId: string) => `/banner-management/${encodeURIComponent(bannerId)}/edit`;

export function isBuilt(path: AppPath): boolean {
  return BUILT_SCREENS.has(path);
}

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
