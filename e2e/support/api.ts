import { DEV_CLIENT_CREDENTIALS } from '@marquee/contract';
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
