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
  PATHS.terms,
  PATHS.privacy,
  PATHS.myProfile,
  PATHS.changePassword,
  PATHS.devOutbox,
]);

/** `/banner-management/:bannerId/edit` */
export const editBannerPath = (bannerId: string) => `/banner-management/${encodeURIComponent(bannerId)}/edit`;

export function isBuilt(path: AppPath): boolean {
  return BUILT_SCREENS.has(path);
}
