/** One screen with three tabs; each tab has its own URL. */
export const CATALOG_PATHS = {
  categoryManagement: '/category-management',
  subcategoryManagement: '/category-management/subcategories',
  categoryRequests: '/category-management/requests',
} as const;
