import {
  HEADERS,
  organizerSocialLogin,
  SOCIAL_LOGIN_PATHS,
  SOCIAL_MESSAGES,
  type SocialProvider,
  socialLoginProviders,
} from '@marquee/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { BROWSER_NAVIGATION } from '../../lib/access/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { addRoute } from '../../lib/route.js';
import { finishSocialCallback } from './commands/finish-social-callback.js';
import { socialSignIn } from './commands/social-sign-in.js';
import { type StartedSignIn, startSocialSignIn } from './commands/start-social-sign-in.js';
import { errorLocation, type SocialDeps } from './deps.js';
import { endSessionLocation, socialProviders } from './queries/social-providers.js';

const COOKIE = 'marquee_social';

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 64) : undefined;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

type ProviderParams = { provider: string };

export async function socialRoutes(app: FastifyInstance, opts: { deps: SocialDeps; config: Config }) {
  const { deps, config } = opts;
  const secure = config.social.publicUrl.startsWith('https://');
  const responseModes = new Map(config.social.providers.map((p) => [p.id, p.responseMode]));

  /**
   * The cookie that ties a callback to the browser that started it. A provider answering with a
   * cross-site form POST (Apple) only gets it back with SameSite=None, which browsers allow on Secure
   * cookies only; a redirect (Google) is a top-level GET, for which Lax is enough.
   */
  function browserCookie(provider: string, value: string, maxAge: number) {
    const crossSitePost = responseModes.get(provider as SocialProvider) === 'form_post';
    const attributes = [
      `${COOKIE}=${encodeURIComponent(value)}`,
      `Path=${SOCIAL_LOGIN_PATHS.callback(provider as SocialProvider)}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      crossSitePost ? 'SameSite=None' : 'SameSite=Lax',
    ];
    if (secure || crossSitePost) attributes.push('Secure');
    return attributes.join('; ');
  }

  // Apple returns with a form POST; parsed here only, as plain text, for the callback below.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
  }

  addRoute(app, socialLoginProviders, async () => ({
    message: 'Social login providers loaded.',
    result: socialProviders(deps),
  }));

  addRoute(
    app,
    organizerSocialLogin,
    async ({ body, request }) => {
      const result = await socialSignIn(deps, body, {
        platform: headerValue(request.headers[HEADERS.platform]) ?? 'WEB',
        timezone: headerValue(request.headers[HEADERS.timezone]),
      });
      return { message: SOCIAL_MESSAGES.signedIn(result.provider), result };
    },
    { config: { rateLimit: { max: config.login.rateLimitPerMinute, timeWindow: '1 minute' } } },
  );

  // The three browser redirects below are outside the client-credential check on purpose (a redirect
  // cannot carry headers); they neither need nor create a session: see docs/security.md.

  app.get<{ Params: ProviderParams; Querystring: { redirect?: string } }>(
    '/api/v1/user/social/:provider/start',
    {
      schema: { summary: 'Browser redirect: start social login at the provider', tags: ['User'] },
      config: {
        ...BROWSER_NAVIGATION,
        rateLimit: { max: config.login.rateLimitPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const redirect = typeof request.query.redirect === 'string' ? request.query.redirect : undefined;
      reply.header('cache-control', 'no-store');
      let started: StartedSignIn;
      try {
        started = await startSocialSignIn(deps, request.params.provider, redirect);
      } catch (error) {
        // A person clicked a button: show the reason on the console, not a JSON page.
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(errorLocation(deps, error.message), 302);
      }
      reply.header('set-cookie', browserCookie(request.params.provider, started.browserKey, 600));
      return reply.redirect(started.location, 302);
    },
  );

  const finish = async (
    request: FastifyRequest<{ Params: ProviderParams }>,
    reply: FastifyReply,
    params: URLSearchParams,
    callback: URL | Request,
  ) => {
    const { provider } = request.params;
    const result = await finishSocialCallback(deps, provider, {
      params,
      callback,
      browserKey: readCookie(request, COOKIE),
    });
    if (result.failure) request.log.warn({ err: result.failure, provider }, 'social login callback failed');
    reply.header('set-cookie', browserCookie(provider, '', 0));
    reply.header('cache-control', 'no-store');
    return reply.redirect(result.location, 303);
  };

  const callbackUrl = (provider: string) =>
    `${config.social.publicUrl}${SOCIAL_LOGIN_PATHS.callback(provider as SocialProvider)}`;

  app.get<{ Params: ProviderParams }>(
    '/api/v1/user/social/:provider/callback',
    {
      config: BROWSER_NAVIGATION,
      schema: {
        summary: 'Browser redirect: the provider returns here (query response mode)',
        tags: ['User'],
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const url = new URL(`${callbackUrl(request.params.provider)}${search}`);
      return finish(request, reply, url.searchParams, url);
    },
  );

  app.post<{ Params: ProviderParams }>(
    '/api/v1/user/social/:provider/callback',
    {
      config: BROWSER_NAVIGATION,
      schema: {
        summary: 'Browser redirect: the provider returns here (form_post response mode)',
        tags: ['User'],
      },
    },
    async (request, reply) => {
      const raw = formText(request.body);
      const params = new URLSearchParams(raw);
      const callback = new Request(callbackUrl(request.params.provider), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: raw,
      });
      return finish(request, reply, params, callback);
    },
  );

  app.get<{ Params: ProviderParams }>(
    '/api/v1/user/social/:provider/end-session',
    {
      config: BROWSER_NAVIGATION,
      schema: {
        summary: "Browser redirect: the provider's end-session, back to the login page",
        tags: ['User'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await endSessionLocation(deps, request.params.provider), 302);
    },
  );
}

/**
 * The provider's form post as text. A JSON body of flat text fields is read the same way; anything
 * else (an array, nested values) is no provider's answer and is refused before URLSearchParams throws.
 */
function formText(body: unknown): string {
  if (typeof body === 'string') return body;
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : null;
  if (!fields || fields.some(([, value]) => typeof value !== 'string')) {
    throw badRequest("The sign-in callback takes the provider's form post.");
  }
  return new URLSearchParams(fields as [string, string][]).toString();
}
