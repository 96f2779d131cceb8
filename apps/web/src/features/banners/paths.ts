export const BANNER_PATHS = {
  bannerManagement: '/banner-management',
  newBanner: '/banner-management/new',
  /** Pattern; build links with `editBannerPath(id)`. */
  editBanner: '/banner-management/:bannerId/edit',
} as const;

/** `/banner-management/:bannerId/edit` */
export const editBannerPath = (bannerId: string) => `/banner-management/${encodeURIComponent(bannerId)}/edit`;
