export const AUTH_PATHS = {
  login: '/login',
} as const;
