import {
  createSingleEvent,
  DEV_CLIENT_CREDENTIALS,
  type EventDetail,
  type EventInput,
  getCategoryList,
  panelOrganizationList,
  saveAsDraft,
} from '@marquee/contract';
import { expect } from 'vitest';
import { DEMO } from './session.js';

const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
/** The web client's fixed credentials, as every call of the console carries them. */
export const CLIENT = {
  authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
  secretkey: secretKey,
  'content-type': 'application/json',
};

export interface ApiOptions {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call of the API as a client makes it, for a journey's set-up; anything but 200 fails the test. */
export async function apiCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  route: string,
  options: ApiOptions = {},
): Promise<T> {
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(`${baseUrl}${route}${search}`, {
    method,
    headers: { ...CLIENT, ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()).result as T;
}

/** The demo organizer's session token. */
export async function organizerToken(baseUrl: string): Promise<string> {
  const login = await apiCall<{ accessToken: string }>(baseUrl, 'POST', '/api/v1/user/login', {
    body: { email: DEMO.organizer.email, password: DEMO.organizer.password },
  });
  return login.accessToken;
}

/**
 * A published single event of an organization the caller owns (the demo organizer's first), in the
 * first demo category, at Harbor Hall (Europe/Dublin), three hours long, for a journey of its own.
 */
/** The demo organizer's organization the journeys' events are made in (apps/server/src/db/seed-organizations.ts). */
export const DEMO_OWNED_ORGANIZATION = 'Old Town Theatre Company';

export async function createOwnedEvent(
  baseUrl: string,
  token: string,
  event: {
    title: string;
    description: string;
    startsAt: Date;
    ticketType: EventInput['ticketTypes'][number];
    /** Saved as a draft (complete, never published) rather than published. */
    draft?: boolean;
  },
): Promise<{ event: EventDetail; organizationId: string }> {
  const headers = { accesstoken: token };
  const organizations = await apiCall<{ items: { _id: string; name: string; access: string }[] }>(
    baseUrl,
    'GET',
    panelOrganizationList.path,
    { query: { limit: '100' }, headers },
  );
  // Always the same demo organization: journeys that create organizations of their own (organizations.e2e)
  // must not move the next journey's event into one with other settings and no money held.
  const mine = organizations.items.filter((o) => o.access === 'OWNER');
  const owned = mine.find((o) => o.name === DEMO_OWNED_ORGANIZATION) ?? mine[0];
  if (!owned) throw new Error('the caller owns no organization');
  const [category] = await apiCall<{ _id: string }[]>(baseUrl, 'GET', getCategoryList.path, { headers });
  if (!category) throw new Error('no demo category');
  const body: EventInput = {
    organizationId: owned._id,
    title: event.title,
    description: event.description,
    categoryId: category._id,
    location: {
      type: 'VENUE',
      venueName: 'Harbor Hall',
      address: '1 Quay Street, Dublin',
      timeZone: 'Europe/Dublin',
    },
    visibility: 'PUBLIC',
    occurrences: [
      {
        startsAt: event.startsAt.toISOString(),
        endsAt: new Date(event.startsAt.getTime() + 3 * 3600_000).toISOString(),
        capacity: 100,
      },
    ],
    ticketTypes: [event.ticketType],
  };
  const created = event.draft
    ? await apiCall<EventDetail>(baseUrl, 'POST', saveAsDraft.path, {
        body: { ...body, kind: 'SINGLE' },
        headers,
      })
    : await apiCall<EventDetail>(baseUrl, 'POST', createSingleEvent.path, { body, headers });
  return { event: created, organizationId: owned._id };
}
