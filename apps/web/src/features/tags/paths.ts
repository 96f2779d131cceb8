export const TAG_PATHS = {
  tagManagement: '/tag-management',
} as const;
