import type { SocialProvider } from '@marquee/contract';
import { z } from 'zod';

/** Environment variables of social login; config.ts merges them into its schema. */
export const SOCIAL_ENV = {
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z.string().min(1).optional(),
  APPLE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://appleid.apple.com'),
};

const SocialEnvSchema = z.object(SOCIAL_ENV);
export type SocialEnv = z.infer<typeof SocialEnvSchema>;

/** Apple's client secret is a short-lived JWT signed with the team's key; built at each token call. */
export interface AppleSigningKey {
  teamId: string;
  keyId: string;
  privateKey: string;
}

export interface SocialProviderConfig {
  id: SocialProvider;
  issuer: string;
  clientId: string;
  clientSecret: string | AppleSigningKey;
  scope: string;
  /** Apple returns to the callback with a form POST whenever name or email is asked for. */
  responseMode: 'query' | 'form_post';
}

export interface SocialConfig {
  /** The origin people reach the server at; redirect URIs registered at the providers are built on it. */
  publicUrl: string;
  providers: SocialProviderConfig[];
}

/** Names a half-configured provider, so it fails at start instead of at someone's first sign-in. */
export function socialConfigIssues(env: Partial<SocialEnv>, ctx: z.RefinementCtx) {
  const need = (name: keyof SocialEnv, because: string) =>
    ctx.addIssue({ code: 'custom', path: [name], message: `is required ${because}` });
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET)
    need('GOOGLE_CLIENT_SECRET', 'with GOOGLE_CLIENT_ID');
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID)
    need('GOOGLE_CLIENT_ID', 'with GOOGLE_CLIENT_SECRET');
  const appleKeyParts = [env.APPLE_TEAM_ID, env.APPLE_KEY_ID, env.APPLE_PRIVATE_KEY].filter(Boolean).length;
  if (env.APPLE_CLIENT_ID && !env.APPLE_CLIENT_SECRET && appleKeyParts < 3) {
    for (const name of ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const) {
      if (!env[name]) need(name, 'with APPLE_CLIENT_ID unless APPLE_CLIENT_SECRET is set');
    }
  }
  if (!env.APPLE_CLIENT_ID && (env.APPLE_CLIENT_SECRET || appleKeyParts > 0)) {
    need('APPLE_CLIENT_ID', 'with the other APPLE_ variables');
  }
}

export function socialConfig(env: SocialEnv & { PORT: number }): SocialConfig {
  const providers: SocialProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      issuer: env.GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
      responseMode: 'query',
    });
  }
  if (env.APPLE_CLIENT_ID) {
    const key =
      env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY
        ? {
            teamId: env.APPLE_TEAM_ID,
            keyId: env.APPLE_KEY_ID,
            // Accept the key with its line breaks written as \n, as one-line env files need.
            privateKey: env.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : undefined;
    const clientSecret = env.APPLE_CLIENT_SECRET ?? key;
    if (clientSecret) {
      providers.push({
        id: 'apple',
        issuer: env.APPLE_ISSUER,
        clientId: env.APPLE_CLIENT_ID,
        clientSecret,
        scope: 'openid email name',
        responseMode: 'form_post',
      });
    }
  }
  return {
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    providers,
  };
}
