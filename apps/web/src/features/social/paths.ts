export const SOCIAL_PATHS = {
  socialCallback: '/social-callback',
} as const;
