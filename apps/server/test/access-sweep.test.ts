import type { RouteAccess, RouteDef } from '@marquee/contract';
import * as contract from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../src/lib/tokens.js';
import { call } from './calls.js';
import { clientHeaders, createTestApp, type TestApp } from './helpers.js';
import {
  EVERYONE,
  type Fixtures,
  inputFor,
  type RouteWorld,
  contractRoutes as routes,
  routeWorld,
  type Who,
} from './route-world.js';

/**
 * Every route of the contract, called as every kind of caller, answers what its access declaration
 * implies (shared/design/api.md). A new route is covered the day it is added: this file iterates the
 * contract's exports; the callers, fixtures and each route's valid input are in route-world.ts.
 */

/** Who passes each role; resource rules are about the fixtures (owner's organization). */
const ROLE_PASSES: Record<Exclude<Extract<RouteAccess, string>, 'public'>, Who[]> = {
  session: ['buyer', 'otherMember', 'otherOrganizer', 'owner', 'admin'],
  admin: ['admin'],
  organizer: ['otherOrganizer', 'owner', 'admin'],
  'approved-organizer': ['otherOrganizer', 'owner'],
  console: ['otherMember', 'otherOrganizer', 'owner', 'admin'],
};

type Expected = 'permitted' | 401 | 403 | 404 | 423;

function expected(route: RouteDef, who: Who): Expected {
  if (who === 'wrongClient') return route.clientCredentials === false ? 'permitted' : 403;
  if (route.access === 'public') return 'permitted';
  if (who === 'anonymous') return 401;
  if (who === 'blocked') return 423;
  if (typeof route.access === 'string') {
    return ROLE_PASSES[route.access].includes(who) ? 'permitted' : (route.refusal?.status ?? 403);
  }
  // Resource rules point at the owner's organization: only its owner and administrators may see it.
  return who === 'owner' || who === 'admin' ? 'permitted' : 404;
}

/**
 * Routes registered by hand under /api with a role declaration (files rather than the envelope): the
 * same expectations as contract routes of that role, with input that passes validation.
 */
const RAW_ROUTES: { route: RouteDef; query: Record<string, string> }[] = [
  {
    route: {
      method: 'GET',
      path: contract.USER_EXPORT_PATH,
      summary: 'user export',
      tag: 'Admin users',
      access: 'admin',
      response: contract.envelope(contract.Id),
    },
    query: { format: 'csv' },
  },
];

describe('access sweep: every contract route, every kind of caller', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  let tokenFor: RouteWorld['tokenFor'];

  beforeAll(async () => {
    t = await createTestApp();
    ({ fixtures, tokenFor } = await routeWorld(t));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds the contract routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path} (${JSON.stringify(route.access)})`, async () => {
      if (!t.app.hasRoute({ method: route.method, url: route.path })) {
        throw new Error(`${route.method} ${route.path} is in the contract but not registered`);
      }
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who);
        const input = await inputFor(route, fixtures);
        const token = await tokenFor(who);
        const answer = await call(t, route, {
          query: input.query as never,
          body: input.body as never,
          token,
          ...(who === 'wrongClient'
            ? { headers: { authorization: 'Basic d3Jvbmc6d3Jvbmc=', secretkey: 'wrong' } }
            : route.method !== 'GET'
              ? // Calls that move money require a key; every other change accepts one.
                { headers: { ...clientHeaders(token), 'idempotency-key': newToken() } }
              : {}),
        }).catch((error: unknown) => ({ status: -1, error: String(error) }));
        const { status } = answer;
        const ok =
          want === 'permitted'
            ? ![401, 403, 423].includes(status) &&
              // Role routes never hide; a 404 there is about data (an id with no fixture). Resource
              // routes and routes that refuse with 404 must not 404 a permitted caller.
              !(status === 404 && (typeof route.access === 'object' || route.refusal?.status === 404)) &&
              status !== 500 &&
              // A resource route's check runs after validation: a 400 there would prove nothing.
              !(status === 400 && typeof route.access === 'object')
            : status === want;
        if (!ok)
          failures.push(
            `${who}: expected ${want}, got ${status} ${JSON.stringify('error' in answer ? answer.error : '')}`,
          );
      }
      expect(failures).toEqual([]);
    });
  }

  for (const { route, query } of RAW_ROUTES) {
    it(`${route.method} ${route.path} (hand-registered, ${JSON.stringify(route.access)})`, async () => {
      expect(t.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who);
        const token = await tokenFor(who);
        const answer = await t.app.inject({
          method: route.method,
          url: `${route.path}?${new URLSearchParams(query)}`,
          headers:
            who === 'wrongClient'
              ? { authorization: 'Basic d3Jvbmc6d3Jvbmc=', secretkey: 'wrong' }
              : clientHeaders(token),
        });
        const status = answer.statusCode;
        const ok = want === 'permitted' ? status === 200 : status === want;
        if (!ok) failures.push(`${who}: expected ${want}, got ${status}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
