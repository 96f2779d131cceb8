export const CATALOG_REQUEST_PATHS = {
  /** An organizer's own category and tag requests. */
  catalogRequestsMine: '/catalog-requests',
} as const;
