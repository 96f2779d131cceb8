import { ApiError, type BodyOf, type QueryOf, type ResponseOf, type RouteDef } from '@marquee/contract';
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

export interface CallOptions<R extends RouteDef> {
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** The session token (`accesstoken`); omitted: an anonymous call. */
  token?: string;
  /** Replaces the client's headers entirely (e.g. wrong client credentials). */
  headers?: Record<string, string>;
}

export interface Answer<R extends RouteDef> {
  status: number;
  /** The response parsed with the route's own schema when the status is 200; otherwise the raw error body. */
  body: ResponseOf<R>;
  /** The error envelope when the status is not 200. */
  error: ApiError | null;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a contract route (not a URL string) through the real HTTP stack: the method and path come
 * from the route, the answer is parsed with its response schema, so a drift from the contract fails.
 */
export async function call<R extends RouteDef>(
  t: Pick<TestApp, 'app'>,
  route: R,
  options: CallOptions<R> = {},
): Promise<Answer<R>> {
  const response = await t.app.inject({
    method: route.method,
    url: `${route.path}${queryString(options.query)}`,
    headers: options.headers ?? clientHeaders(options.token),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const json: unknown = response.body ? response.json() : null;
  if (response.statusCode === 200) {
    return { status: 200, body: route.response.parse(json) as ResponseOf<R>, error: null };
  }
  return { status: response.statusCode, body: json as ResponseOf<R>, error: ApiError.parse(json) };
}

/** Input that is wrong on purpose (a test of validation), accepted wherever a route's input is expected. */
export function invalid(input: unknown): never {
  return input as never;
}
