export const CONTENT_PATHS = {
  terms: '/terms',
  privacy: '/privacy',
  contentManagement: '/content-management',
} as const;
