import { randomUUID } from 'node:crypto';
import { ACCESS_REFUSALS, defineRoute, envelope, organizerDashboard } from '@marquee/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../src/db/client.js';
import { AccessDeclarationError } from '../src/lib/access/index.js';
import { addRoute } from '../src/lib/route.js';
import { accessPlugin } from '../src/plugins/access.js';
import { call, invalid } from './calls.js';
import { createTestApp, createUser, loginAs } from './helpers.js';

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
      // A resource rule's role: a known role, and not `public` (a resource is resolved for a signed-in caller).
      { role: 'owner', organization: 'read', from: 'query.organizationId' },
      { role: 'public', event: 'read', from: 'query.eventId', optional: true },
      { role: ['console'], event: 'read', from: 'query.eventId' },
      { role: 'console', from: 'query.eventId' },
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

  it('starts with a resource rule that carries a role', async () => {
    const app = await appWith((a) => {
      a.get(
        '/api/v1/filtered',
        { config: { access: { role: 'console', event: 'read', from: 'query.eventId', optional: true } } },
        async () => 'x',
      );
      a.get(
        '/api/v1/signed-in',
        { config: { access: { role: 'session', organization: 'read', from: 'query.organizationId' } } },
        async () => 'x',
      );
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('a resource rule with a role: the role first (403, whatever is named), then the input (400), then the resource (404)', async () => {
    // organizer-dashboard: { role: 'console', organization: 'read', from: 'query.organizationId', optional: true }
    const t = await createTestApp();
    try {
      const buyer = await createUser(t, {});
      const organizer = await createUser(t, { organizerRequest: 'APPROVED' });
      const buyerToken = await loginAs(t, buyer.email, buyer.password);
      const organizerToken = await loginAs(t, organizer.email, organizer.password);
      const ask = (token: string, organizationId?: string) =>
        call(t, organizerDashboard, {
          token,
          query: organizationId === undefined ? {} : { organizationId: invalid(organizationId) },
        });
      for (const named of [undefined, 'not-an-id', randomUUID()]) {
        const refused = await ask(buyerToken, named);
        expect(refused.status, String(named)).toBe(403);
        expect(refused.error?.message).toBe(ACCESS_REFUSALS.console);
      }
      expect((await ask(organizerToken, 'not-an-id')).status).toBe(400);
      const hidden = await ask(organizerToken, randomUUID());
      expect(hidden.status).toBe(404);
      expect(hidden.error?.message).toBe('The organization was not found.');
      // Optional: naming none is no resource to check, and no grant.
      expect((await ask(organizerToken)).status).toBe(200);
    } finally {
      await t.close();
    }
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
    defineRoute({
      method: 'GET',
      path: '/api/v1/typed',
      summary: 'typed',
      tag: 'T',
      // @ts-expect-error: a resource rule's role cannot be `public`
      access: { role: 'public', organization: 'read', from: 'query.organizationId', optional: true },
      query: z.object({ organizationId: z.uuid().optional() }),
      response: ok,
    });
  });
});
