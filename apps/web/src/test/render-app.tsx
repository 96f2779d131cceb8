import type { UserProfile } from '@marquee/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, wireHttp } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (a list call's page, filters, sort). */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown };
type Handler = Answer | ((call: RecordedCall) => Answer);

/**
 * A stand-in for the API server in component tests, keyed by "METHOD /path". The http helper itself is
 * tested against a real server in lib/http.test.ts; here only the screens' behaviour matters.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    const answer =
      typeof handler === 'function'
        ? handler(call)
        : (handler ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** Renders the whole console (real routes, providers and guard) at the given URL. */
export function renderApp(initialPath: string, api: ReturnType<typeof fakeApi> = fakeApi({})) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  wireHttp({ router, queryClient, overrides: { fetch: api.fetch, baseUrls: [''] } });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, api };
}

export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

export function profileFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    _id: '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b',
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    phone: null,
    phoneVerified: false,
    avatar: null,
    role: 'ADMIN',
    status: 'ACTIVE',
    organizerRequest: 'NONE',
    isOrganizationMember: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function profileAnswer(profile: UserProfile) {
  return { status: 200, body: { message: 'Profile loaded', result: profile } };
}
