export const REASON_PATHS = {
  reasonManagement: '/reason-management',
} as const;
