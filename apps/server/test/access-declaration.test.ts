import { defineRoute, envelope } from '@marquee/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../src/db/client.js';
import { AccessDeclarationError } from '../src/lib/access/index.js';
import { addRoute } from '../src/lib/route.js';
import { accessPlugin } from '../src/plugins/access.js';
import { createTestApp } from './helpers.js';

/** Deny by default: a route that does not say who may call it stops the app from starting. */
async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  // Registration only: no request reaches the database here.
  await app.register(accessPlugin, { db: {} as Db });
  register(app);
  return app;
}

const ok = envelope(z.null());

describe('access declarations', () => {
  it('refuses to start with an /api route that declares nothing', async () => {
    await expect(
      appWith((app) => app.get('/api/v1/forgotten', async () => 'x')).then((app) => app.ready()),
    ).rejects.toBeInstanceOf(AccessDeclarationError);
  });

  it('refuses unknown roles, resource kinds, levels and sources', async () => {
    const bad: unknown[] = [
      'owner',
      { organization: 'own', from: 'body.organizationId' },
      { ticket: 'read', from: 'body.ticketId' },
      { organization: 'read', from: 'params.organizationId' },
      { organization: 'read', member: 'read', from: 'body.organizationId' },
      { organization: 'read' },
    ];
    for (const access of bad) {
      const app = Fastify();
      await app.register(accessPlugin, { db: {} as Db });
      expect(() => app.get('/api/v1/x', { config: { access: access as never } }, async () => 'x')).toThrow(
        AccessDeclarationError,
      );
    }
  });

  it('refuses a contract route whose declaration is missing', async () => {
    const declared = defineRoute({
      method: 'GET',
      path: '/api/v1/y',
      summary: 'y',
      tag: 'Y',
      access: 'public',
      response: ok,
    });
    const { access: _forgotten, ...route } = declared;
    await expect(
      appWith((app) =>
        addRoute(app, route as typeof declared, async () => ({ message: 'y', result: null })),
      ).then((app) => app.ready()),
    ).rejects.toBeInstanceOf(AccessDeclarationError);
  });

  it('starts with hand-registered routes that declare, and leaves non-API routes alone', async () => {
    const app = await appWith((a) => {
      a.get('/api/v1/page', { config: { access: 'public', clientCredentials: false } }, async () => 'x');
      a.get('/not-api', async () => 'x');
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('starts the real app: every route it registers declares its access', async () => {
    const t = await createTestApp();
    await t.close();
  });

  it('checks at compile time that a resource rule names a field of the route', () => {
    defineRoute({
      method: 'GET',
      path: '/api/v1/typed',
      summary: 'typed',
      tag: 'T',
      access: { organization: 'read', from: 'query.organizationId' },
      query: z.object({ organizationId: z.uuid() }),
      response: ok,
    });
    defineRoute({
      method: 'GET',
      path: '/api/v1/typed',
      summary: 'typed',
      tag: 'T',
      // @ts-expect-error: the query has no field `eventId`
      access: { organization: 'read', from: 'query.eventId' },
      query: z.object({ organizationId: z.uuid() }),
      response: ok,
    });
  });
});
