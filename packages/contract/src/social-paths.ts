/**
 * Social login's plain values, no schema (like constants.ts): the console's sign-out, in its first
 * download, reads them without loading zod. Re-exported by social.ts.
 */

/** The social login providers the server can offer (the `SocialProvider` schema's values). */
export const SOCIAL_PROVIDERS = ['google', 'apple'] as const;
type ProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** True for a value that names one of the providers, e.g. one read back from the browser's storage. */
export function isSocialProvider(value: unknown): value is ProviderId {
  return (SOCIAL_PROVIDERS as readonly unknown[]).includes(value);
}

export const SOCIAL_PROVIDER_NAMES: Record<ProviderId, string> = { google: 'Google', apple: 'Apple' };

/**
 * The browser-redirect steps of social login. They are plain navigations, not API calls: a redirect
 * cannot carry the client headers, so the server serves them without the client-credential check
 * (docs/security.md) and they never carry or create a session by themselves.
 */
export const SOCIAL_LOGIN_PATHS = {
  /** Redirects to the provider; `?redirect=/path` is where the console goes after signing in. */
  start: (provider: ProviderId) => `/api/v1/user/social/${provider}/start`,
  /** Where the provider sends the browser back (the redirect URI registered at the provider). */
  callback: (provider: ProviderId) => `/api/v1/user/social/${provider}/callback`,
  /** Redirects to the provider's end-session endpoint, which returns to the console's login page. */
  endSession: (provider: ProviderId) => `/api/v1/user/social/${provider}/end-session`,
} as const;

/** Console route the server's callback returns to, with `#code=…` (or `#error=…`) in the fragment. */
export const SOCIAL_CALLBACK_ROUTE = '/social-callback';

/**
 * The id of the data block in the sign-in page as the server sends it: the providers it offers (JSON,
 * the social-login-providers answer's `result`), so the page knows without a call whether it has buttons
 * to show (docs/performance.md, "The bench, seventh round").
 */
export const SOCIAL_PROVIDERS_BLOCK_ID = 'marquee-social-providers';
