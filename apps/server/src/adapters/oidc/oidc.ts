import type { SocialProvider } from '@marquee/contract';
import * as client from 'openid-client';
import type { AppleSigningKey, SocialConfig, SocialProviderConfig } from './social.config.js';

/** What the callback learned from a validated ID token. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** One OpenID Connect provider, as the social login service uses it. */
export interface OidcClient {
  readonly provider: SocialProvider;
  readonly responseMode: 'query' | 'form_post';
  authorizationUrl(input: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
  }): Promise<URL>;
  /** Exchanges the code (PKCE) and validates the ID token: issuer, audience, expiry, nonce, signature. */
  exchange(input: {
    callback: URL | Request;
    codeVerifier: string;
    state: string;
    nonce: string;
  }): Promise<VerifiedIdentity>;
  /** The provider's end-session URL, or null when it has none (Google and Apple have none). */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL | null>;
}

export type OidcClients = Partial<Record<SocialProvider, OidcClient>>;

/** Apple wants a JWT client secret signed with the team's key (ES256), valid up to six months. */
export async function appleClientSecret(key: AppleSigningKey, clientId: string, now = new Date()) {
  // Loaded for Apple sign-in only, not at every start (docs/performance.md, "Warm start").
  const { importPKCS8, SignJWT } = await import('jose');
  const privateKey = await importPKCS8(key.privateKey, 'ES256');
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
    .setIssuer(key.teamId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .setAudience('https://appleid.apple.com')
    .setSubject(clientId)
    .sign(privateKey);
}

/** Providers on this machine's loopback (test stand-ins) are the only ones reached without TLS. */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function createOidcClient(settings: SocialProviderConfig): OidcClient {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<client.Configuration> | undefined;

  async function configuration(clientSecret?: string): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        // Apple's secret changes at every call, so it is passed per token request below.
        typeof settings.clientSecret === 'string'
          ? client.ClientSecretPost(settings.clientSecret)
          : undefined,
        isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((config) => {
        // Check the ID token's signature against the provider's keys too, not only TLS to its endpoint.
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    const config = await discovered;
    if (!clientSecret) return config;
    const withSecret = new client.Configuration(
      config.serverMetadata(),
      settings.clientId,
      undefined,
      client.ClientSecretPost(clientSecret),
    );
    client.enableNonRepudiationChecks(withSecret);
    if (isLoopback(issuer)) client.allowInsecureRequests(withSecret);
    return withSecret;
  }

  return {
    provider: settings.id,
    responseMode: settings.responseMode,
    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      const config = await configuration();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: settings.scope,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      };
      if (settings.responseMode === 'form_post') parameters.response_mode = 'form_post';
      return client.buildAuthorizationUrl(config, parameters);
    },
    async exchange({ callback, codeVerifier, state, nonce }) {
      const secret =
        typeof settings.clientSecret === 'string'
          ? undefined
          : await appleClientSecret(settings.clientSecret, settings.clientId);
      const config = await configuration(secret);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      const email = typeof claims.email === 'string' ? claims.email : null;
      // Apple sends email_verified as the string "true".
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return { subject: claims.sub, email, emailVerified: email !== null && verified };
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri });
    },
  };
}

/** One client per configured provider; discovery runs at first use and is retried after a failure. */
export function createOidcClients(config: SocialConfig): OidcClients {
  return Object.fromEntries(config.providers.map((settings) => [settings.id, createOidcClient(settings)]));
}
