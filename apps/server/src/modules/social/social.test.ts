import { generateKeyPairSync } from 'node:crypto';
import { SOCIAL_MESSAGES } from '@marquee/contract';
import { count, eq } from 'drizzle-orm';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders, createTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { type OidcStandIn, signInAtStandIn, startOidcStandIn } from '../../../test/oidc-stand-in.js';
import { appleClientSecret } from '../../adapters/oidc/oidc.js';
import type { SocialConfig } from '../../adapters/oidc/social.config.js';
import { loadConfig } from '../../config.js';
import { socialIdentities, users } from '../../db/schema/index.js';

const PUBLIC_URL = 'http://marquee.test';
const callbackOf = (provider: string) => `${PUBLIC_URL}/api/v1/user/social/${provider}/callback`;

let standIn: OidcStandIn;
let t: TestApp;
let bare: TestApp;

function socialConfig(issuer: string): SocialConfig {
  return {
    publicUrl: PUBLIC_URL,
    providers: [
      {
        id: 'google',
        issuer,
        clientId: 'google-client',
        clientSecret: 'google-secret',
        scope: 'openid email profile',
        responseMode: 'query',
      },
      {
        id: 'apple',
        issuer,
        clientId: 'apple-client',
        clientSecret: 'apple-secret',
        scope: 'openid email name',
        responseMode: 'form_post',
      },
    ],
  };
}

beforeAll(async () => {
  standIn = await startOidcStandIn({
    clients: [
      {
        clientId: 'google-client',
        clientSecret: 'google-secret',
        redirectUris: [callbackOf('google')],
        postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
      },
      { clientId: 'apple-client', clientSecret: 'apple-secret', redirectUris: [callbackOf('apple')] },
    ],
  });
  const login = { maxFailures: 5, lockMinutes: 15, rateLimitPerMinute: 1000 };
  t = await createTestApp({ config: { social: socialConfig(standIn.issuer), login } });
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await standIn?.close();
});

/** Browser steps: start (keeping the cookie), sign in at the provider, come back to the callback. */
async function runCallback(provider: 'google' | 'apple', email: string, options: { redirect?: string } = {}) {
  const query = options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : '';
  const start = await t.app.inject({ method: 'GET', url: `/api/v1/user/social/${provider}/start${query}` });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
  const answer = await signInAtStandIn(String(start.headers.location), email);
  const callback =
    answer.form === null
      ? await t.app.inject({
          method: 'GET',
          url: `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`,
          headers: { cookie },
        })
      : await t.app.inject({
          method: 'POST',
          url: answer.callbackUrl.pathname,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: answer.form.toString(),
        });
  expect(callback.statusCode).toBe(303);
  const location = new URL(String(callback.headers.location));
  return { start, cookie, answer, callback, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const socialLogin = (code: unknown, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/user/organizer-social-login',
    headers: clientHeaders(),
    payload: { code } as object,
  });

describe('GET /api/v1/user/social-login-providers', () => {
  it('lists the configured providers with their start paths', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/social-login-providers',
      headers: clientHeaders(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      { id: 'google', name: 'Google', startPath: '/api/v1/user/social/google/start' },
      { id: 'apple', name: 'Apple', startPath: '/api/v1/user/social/apple/start' },
    ]);
  });

  it('lists none when no provider is configured, and needs the client credentials', async () => {
    const response = await bare.app.inject({
      method: 'GET',
      url: '/api/v1/user/social-login-providers',
      headers: clientHeaders(),
    });
    expect(response.json().result).toEqual([]);
    const anonymous = await bare.app.inject({ method: 'GET', url: '/api/v1/user/social-login-providers' });
    expect(anonymous.statusCode).toBe(403);
  });
});

describe('GET /api/v1/user/social/:provider/start', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, without client headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/social/google/start' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(standIn.issuer);
    expect(location.searchParams.get('client_id')).toBe('google-client');
    expect(location.searchParams.get('redirect_uri')).toBe(callbackOf('google'));
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')?.length).toBe(43);
    expect(location.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(location.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(43);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^marquee_social=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/v1\/user\/social\/google\/callback/);
  });

  it('asks Apple for a form POST and sets a cookie that survives it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/social/apple/start' });
    expect(new URL(String(response.headers.location)).searchParams.get('response_mode')).toBe('form_post');
    expect(String(response.headers['set-cookie'])).toMatch(/SameSite=None; Secure/);
  });

  it('sends the browser back to the console with a message when the provider is not configured', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/api/v1/user/social/google/start' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe('/social-callback');
    expect(new URLSearchParams(location.hash.slice(1)).get('error')).toBe(SOCIAL_MESSAGES.notConfigured);
  });

  it('says the provider is unavailable when it cannot be reached', async () => {
    const down = await createTestApp({ config: { social: socialConfig('http://127.0.0.1:9') } });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/api/v1/user/social/google/start' });
      const location = new URL(String(response.headers.location));
      expect(new URLSearchParams(location.hash.slice(1)).get('error')).toBe(
        SOCIAL_MESSAGES.unavailable('google'),
      );
    } finally {
      await down.close();
    }
  });
});

describe('social sign-in, callback to organizer-social-login', () => {
  it('signs in the user whose verified email matches, links the social id, and keeps the redirect', async () => {
    const user = await createUser(t, { organizerRequest: 'APPROVED' });
    const run = await runCallback('google', user.email.toUpperCase(), { redirect: '/dashboard?from=google' });
    expect(run.location.origin + run.location.pathname).toBe(`${PUBLIC_URL}/social-callback`);
    expect(run.fragment.get('redirect')).toBe('/dashboard?from=google');
    expect(String(run.callback.headers['set-cookie'])).toMatch(/^marquee_social=; .*Max-Age=0/);

    const response = await socialLogin(run.fragment.get('code'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Signed in with Google.');
    expect(body.result).toEqual({
      accessToken: expect.any(String),
      socialId: user.email.toUpperCase(),
      _id: user.id,
      organizerRequest: 'APPROVED',
      email: user.email,
      provider: 'google',
      providerSignOut: true,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/get-user-detail',
      headers: clientHeaders(body.result.accessToken),
    });
    expect(profile.json().result._id).toBe(user.id);
    const links = await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, user.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ provider: 'google', subject: body.result.socialId });
  });

  it('uses the one-time code once, and the callback once', async () => {
    const user = await createUser(t);
    const run = await runCallback('google', user.email);
    expect((await socialLogin(run.fragment.get('code'))).statusCode).toBe(200);
    const again = await socialLogin(run.fragment.get('code'));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SOCIAL_MESSAGES.codeInvalid);
    const replay = await t.app.inject({
      method: 'GET',
      url: `${run.answer.callbackUrl.pathname}${run.answer.callbackUrl.search}`,
      headers: { cookie: run.cookie },
    });
    expect(new URLSearchParams(new URL(String(replay.headers.location)).hash.slice(1)).get('error')).toBe(
      SOCIAL_MESSAGES.attemptInvalid,
    );
  });

  it('matches a returning person by social id even after their email changed', async () => {
    const user = await createUser(t);
    const first = await runCallback('google', user.email);
    expect((await socialLogin(first.fragment.get('code'))).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ email: `changed-${user.email}` })
      .where(eq(users.id, user.id));
    const second = await runCallback('google', user.email);
    const response = await socialLogin(second.fragment.get('code'));
    expect(response.statusCode).toBe(200);
    expect(response.json().result._id).toBe(user.id);
  });

  it('refuses an unknown email with a clear message and creates no account', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    const run = await runCallback('google', 'stranger@example.test');
    const response = await socialLogin(run.fragment.get('code'));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SOCIAL_MESSAGES.noAccount('google', 'stranger@example.test'));
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses an email the provider did not verify', async () => {
    const user = await createUser(t, { email: `unverified-${Date.now()}@example.test` });
    const run = await runCallback('google', user.email);
    const response = await socialLogin(run.fragment.get('code'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SOCIAL_MESSAGES.emailNotVerified('google'));
  });

  it('refuses a blocked user with 423', async () => {
    const user = await createUser(t, { status: 'BLOCKED' });
    const run = await runCallback('google', user.email);
    const response = await socialLogin(run.fragment.get('code'));
    expect(response.statusCode).toBe(423);
  });

  it('refuses a callback that comes back to another browser (no or wrong cookie)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/user/social/google/start' });
    const answer = await signInAtStandIn(String(start.headers.location), 'someone@example.test');
    const callback = await t.app.inject({
      method: 'GET',
      url: `${answer.callbackUrl.pathname}${answer.callbackUrl.search}`,
      headers: { cookie: 'marquee_social=forged' },
    });
    const fragment = new URLSearchParams(new URL(String(callback.headers.location)).hash.slice(1));
    expect(fragment.get('error')).toBe(SOCIAL_MESSAGES.otherBrowser);
    expect(fragment.get('code')).toBeNull();
  });

  it('tells the person when they cancelled at the provider', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/v1/user/social/google/start' });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    const callback = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/social/google/callback?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    const fragment = new URLSearchParams(new URL(String(callback.headers.location)).hash.slice(1));
    expect(fragment.get('error')).toBe(SOCIAL_MESSAGES.cancelled('google'));
  });

  it('rejects a code forged by the caller and names a missing one', async () => {
    expect((await socialLogin('made-up')).json().message).toBe(SOCIAL_MESSAGES.codeInvalid);
    const missing = await socialLogin(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'code', message: 'The sign-in code is missing. Please start again.' },
    ]);
  });

  it('signs in through Apple, whose answer is a form POST', async () => {
    const user = await createUser(t);
    const run = await runCallback('apple', user.email);
    expect(run.answer.form).not.toBeNull();
    const response = await socialLogin(run.fragment.get('code'));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ _id: user.id, provider: 'apple' });
    expect(response.json().message).toBe('Signed in with Apple.');
  });
});

describe('GET /api/v1/user/social/:provider/end-session', () => {
  it("redirects to the provider's end-session endpoint, back to the login page", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/social/google/end-session' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(standIn.issuer);
    expect(location.searchParams.get('client_id')).toBe('google-client');
    expect(location.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
  });

  it('goes straight to the login page when the provider is not configured', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/api/v1/user/social/google/end-session' });
    expect(response.headers.location).toBe('http://localhost:3000/login');
  });
});

describe('configuration', () => {
  it('names a half-configured provider', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'x' })).toThrow(
      /GOOGLE_CLIENT_SECRET.*required with GOOGLE_CLIENT_ID/,
    );
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 't' })).toThrow(/APPLE_KEY_ID/);
  });

  it('enables each provider by its variables, with the default issuers', () => {
    expect(loadConfig({}).social.providers).toEqual([]);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      APPLE_CLIENT_ID: 'a',
      APPLE_TEAM_ID: 't',
      APPLE_KEY_ID: 'k',
      APPLE_PRIVATE_KEY: 'line1\\nline2',
      PUBLIC_URL: 'https://console.example.com/',
    });
    expect(config.social.publicUrl).toBe('https://console.example.com');
    expect(config.social.providers.map((p) => [p.id, p.issuer])).toEqual([
      ['google', 'https://accounts.google.com'],
      ['apple', 'https://appleid.apple.com'],
    ]);
    expect(config.social.providers[1]?.clientSecret).toEqual({
      teamId: 't',
      keyId: 'k',
      privateKey: 'line1\nline2',
    });
  });

  it("builds Apple's client secret as an ES256 JWT signed with the team key", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwt = await appleClientSecret({ teamId: 'TEAM', keyId: 'KEY', privateKey: pem }, 'com.example.web');
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEY' });
    const key = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'ES256');
    const { payload } = await jwtVerify(jwt, key, { issuer: 'TEAM', audience: 'https://appleid.apple.com' });
    expect(payload.sub).toBe('com.example.web');
  });
});
