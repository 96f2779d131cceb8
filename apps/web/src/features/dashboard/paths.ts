export const DASHBOARD_PATHS = {
  dashboard: '/dashboard',
} as const;
