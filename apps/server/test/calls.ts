import type { TestApp } from './helpers.js';
import { clientHeaders } from './helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One API call as the console makes it: JSON body, or query parameters for GET. */
export function caller(t: TestApp) {
  return async (method: Method, url: string, token: string | undefined, data?: Record<string, unknown>) => {
    const query =
      method === 'GET' && data
        ? `?${new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString()}`
        : '';
    const response = await t.app.inject({
      method,
      url: `${url}${query}`,
      headers: clientHeaders(token),
      ...(method !== 'GET' && data ? { payload: data } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
}
