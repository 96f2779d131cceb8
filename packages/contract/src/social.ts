import { z } from 'zod';
import { OrganizerRequest } from './auth.js';
import { Id } from './common.js';
import { defineRoute, envelope } from './route.js';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS } from './social-paths.js';

export * from './social-paths.js';

/** The social login providers the server can offer; each is on only when configured. */
export const SocialProvider = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof SocialProvider>;

export const SocialLoginProviderInfo = z.object({
  id: SocialProvider,
  name: z.string(),
  /** Path (on the API host) that starts the sign-in; the browser navigates to it. */
  startPath: z.string(),
});
export type SocialLoginProviderInfo = z.infer<typeof SocialLoginProviderInfo>;

export const socialLoginProviders = defineRoute({
  method: 'GET',
  path: '/api/v1/user/social-login-providers',
  summary: 'The social login providers configured on this server (none when not configured)',
  tag: 'User',
  access: 'public',
  response: envelope(z.array(SocialLoginProviderInfo)),
});

export const SocialLoginBody = z.object({
  code: z
    .string({ error: 'The sign-in code is missing. Please start again.' })
    .trim()
    .min(1, 'The sign-in code is missing. Please start again.')
    .max(200, 'The sign-in code is not valid. Please start again.'),
});
export type SocialLoginBody = z.infer<typeof SocialLoginBody>;

export const SocialLoginResult = z.object({
  accessToken: z.string(),
  /** The provider's stable id of the person (the ID token's subject). */
  socialId: z.string(),
  // Beyond the spec's two fields: what the console stores after any login, and how to sign out.
  _id: Id,
  organizerRequest: OrganizerRequest,
  email: z.string(),
  provider: SocialProvider,
  /** True when the provider has an end-session endpoint that logout should visit. */
  providerSignOut: z.boolean(),
});
export type SocialLoginResult = z.infer<typeof SocialLoginResult>;

export const organizerSocialLogin = defineRoute({
  method: 'POST',
  path: '/api/v1/user/organizer-social-login',
  summary:
    'Sign in with the one-time code the social login callback handed to the console; matches the stored social id or the verified email',
  tag: 'User',
  access: 'public',
  body: SocialLoginBody,
  response: envelope(SocialLoginResult),
});

export const SOCIAL_MESSAGES = {
  signedIn: (provider: SocialProvider) => `Signed in with ${SOCIAL_PROVIDER_NAMES[provider]}.`,
  noAccount: (provider: SocialProvider, email: string) =>
    `No Marquee account uses ${email}, the email of your ${SOCIAL_PROVIDER_NAMES[provider]} account. Sign in with your email and password, or ask your organization for an invitation.`,
  emailNotVerified: (provider: SocialProvider) =>
    `Your ${SOCIAL_PROVIDER_NAMES[provider]} account has no verified email address, so it cannot be matched to a Marquee account.`,
  codeInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  attemptInvalid: 'This sign-in attempt has expired or was already used. Please try again.',
  otherBrowser: 'This sign-in was started in another browser or tab that has since closed. Please try again.',
  cancelled: (provider: SocialProvider) => `${SOCIAL_PROVIDER_NAMES[provider]} sign-in was cancelled.`,
  providerFailed: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_NAMES[provider]} could not confirm who you are. Please try again.`,
  unavailable: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_NAMES[provider]} sign-in is not available right now. Please try again later or sign in with your password.`,
  notConfigured: 'This sign-in method is not enabled on this server.',
} as const;
