import { getUserDetail, HEADERS, login, logout } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { signIn } from './commands/sign-in.js';
import { signOut } from './commands/sign-out.js';
import type { AuthDeps } from './deps.js';
import { profile } from './queries/profile.js';

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 64) : undefined;
}

export async function authRoutes(app: FastifyInstance, opts: { deps: AuthDeps }) {
  const { deps } = opts;
  const { config } = deps;

  addRoute(
    app,
    login,
    async ({ body, request }) => {
      const result = await signIn(deps, body, {
        platform: headerValue(request.headers[HEADERS.platform]) ?? 'WEB',
        timezone: headerValue(request.headers[HEADERS.timezone]),
      });
      return { message: 'Signed in successfully.', result };
    },
    {
      config: {
        rateLimit: {
          max: config.login.rateLimitPerMinute,
          timeWindow: '1 minute',
          errorResponseBuilder: (_req, context) => ({
            statusCode: 429,
            message: `Too many sign-in attempts from your network. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
          }),
        },
      },
    },
  );

  addRoute(app, logout, async ({ actor }) => {
    await signOut(deps, actor);
    return { message: 'Signed out.', result: null };
  });

  addRoute(app, getUserDetail, async ({ actor }) => ({
    message: 'Profile loaded.',
    result: await profile(deps, actor),
  }));
}
