import { getUserDetail, HEADERS, login, logout } from '@marquee/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { addRoute } from '../../lib/route.js';
import type { AuthService } from './auth.service.js';

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 64) : undefined;
}

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; config: Config }) {
  const { auth, config } = opts;

  addRoute(
    app,
    login,
    async ({ body, request }) => {
      const result = await auth.login(body, {
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
    await auth.logout(actor);
    return { message: 'Signed out.', result: null };
  });

  addRoute(app, getUserDetail, async ({ actor }) => ({
    message: 'Profile loaded.',
    result: await auth.profile(actor),
  }));
}
