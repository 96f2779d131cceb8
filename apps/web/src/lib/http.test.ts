// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineRoute, envelope, MESSAGES } from '@marquee/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  configureHttp,
  HttpError,
  http,
  isNoAnswer,
  loadRoute,
  plainFetch,
  UNEXPECTED_RESPONSE_MESSAGE,
} from './http';

/* A real HTTP server: the helper is tested through the network stack, not a mocked fetch. */

interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const ERROR_BODIES: Record<number, unknown> = {
  400: {
    message: 'Invalid input',
    errors: [
      { field: 'email', message: 'Enter your email address or username' },
      { field: 'password', message: 'Enter your password' },
    ],
  },
  401: { message: 'Your session has expired. Please sign in again.' },
  403: { message: 'You are not allowed to do this.' },
  404: { message: 'Event not found', errors: [{ field: 'eventId', message: 'Unknown event' }] },
  409: { message: 'An event with this title already exists' },
  423: { message: 'Your account is blocked' },
  500: { message: 'Internal server error (request 7f3a)' },
};

const received: ReceivedRequest[] = [];
/** Answers the slow route has sent: none yet means a call to it ended on the client's side. */
let slowAnswers = 0;
let server: Server;
let liveUrl: string;
let deadUrl: string;

function route(method: string, url: string) {
  const { pathname } = new URL(url, 'http://localhost');
  if (pathname === '/api/test/item')
    return { status: 200, body: { message: 'Item loaded', result: { value: 7 } } };
  if (pathname.startsWith('/api/test/echo'))
    return { status: 200, body: { message: 'Echo', result: { method } } };
  if (pathname === '/api/test/bad-shape')
    return { status: 200, body: { message: 'ok', result: { value: 'seven' } } };
  if (pathname === '/api/test/garbage') return { status: 502, raw: '<html>Bad gateway</html>' };
  const status = Number(pathname.match(/^\/api\/test\/status\/(\d+)$/)?.[1]);
  if (ERROR_BODIES[status]) return { status, body: ERROR_BODIES[status] };
  return { status: 404, body: { message: 'No such test route' } };
}

async function listen(target: Server): Promise<string> {
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = () => {
        const { status, body: json, raw } = route(req.method ?? '', req.url ?? '');
        res.writeHead(status, { 'content-type': raw ? 'text/html' : 'application/json' });
        res.end(raw ?? JSON.stringify(json));
      };
      if (req.url?.startsWith('/api/test/slow'))
        setTimeout(() => {
          slowAnswers += 1;
          answer();
        }, 5000);
      else answer();
    });
  });
  liveUrl = await listen(server);
  // A port that was just free and is now closed: connecting to it fails like an unreachable host.
  const closed = createServer();
  deadUrl = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const collaborators = {
  notifyError: vi.fn<(message: string) => void>(),
  onSessionEnded: vi.fn<() => void>(),
  onCallStart: vi.fn<() => void>(),
  onCallEnd: vi.fn<() => void>(),
};
let token: string | null;
let attemptedUrls: string[];

function configure(baseUrls: string[] = [liveUrl]) {
  configureHttp({
    ...collaborators,
    getToken: () => token,
    baseUrls,
    credentials: { clientId: 'test-client', clientSecret: 'test-secret', secretKey: 'test-secret-key' },
    // Real fetch, recorded so fail-over attempts to the dead host are visible.
    fetch: (input, init) => {
      attemptedUrls.push(String(input));
      return fetch(input, init);
    },
  });
}

beforeEach(() => {
  received.length = 0;
  attemptedUrls = [];
  token = 'session-token-123';
  for (const spy of Object.values(collaborators)) spy.mockReset();
  configure();
});

afterEach(() => {
  // The loading bar must be released exactly as often as it was held, whatever the outcome.
  expect(collaborators.onCallEnd).toHaveBeenCalledTimes(collaborators.onCallStart.mock.calls.length);
});

const getItem = defineRoute({
  method: 'GET',
  path: '/api/test/item',
  summary: 'Test read',
  tag: 'Test',
  access: 'session',
  query: z.object({
    search: z.string().optional(),
    page: z.number().optional(),
    sort: z.string().optional(),
    tags: z.array(z.string()).optional(),
  }),
  response: envelope(z.object({ value: z.number() })),
});

const echoResponse = envelope(z.object({ method: z.string() }));
const body = z.object({ name: z.string(), seats: z.number() });
const query = z.object({ force: z.boolean().optional() });
const createEcho = defineRoute({
  method: 'POST',
  path: '/api/test/echo',
  summary: 'Test create',
  tag: 'Test',
  access: 'session',
  body,
  response: echoResponse,
});
const updateEcho = defineRoute({
  method: 'PUT',
  path: '/api/test/echo/:itemId',
  summary: 'Test update',
  tag: 'Test',
  access: 'session',
  query,
  body,
  response: echoResponse,
});
const deleteEcho = defineRoute({
  method: 'DELETE',
  path: '/api/test/echo/:itemId',
  summary: 'Test delete',
  tag: 'Test',
  access: 'session',
  query,
  body: z.object({ reason: z.string() }),
  response: echoResponse,
});
const statusRoute = defineRoute({
  method: 'GET',
  path: '/api/test/status/:code',
  summary: 'Answers with the given status',
  tag: 'Test',
  access: 'session',
  response: envelope(z.null()),
});
const slowRoute = defineRoute({
  method: 'GET',
  path: '/api/test/slow',
  summary: 'Answers after a second',
  tag: 'Test',
  access: 'session',
  response: envelope(z.null()),
});
const badShapeRoute = defineRoute({
  method: 'GET',
  path: '/api/test/bad-shape',
  summary: 'Answers with a body the schema rejects',
  tag: 'Test',
  access: 'session',
  response: envelope(z.object({ value: z.number() })),
});
const garbageRoute = defineRoute({
  method: 'GET',
  path: '/api/test/garbage',
  summary: 'Answers an error with a non-JSON body',
  tag: 'Test',
  access: 'session',
  response: envelope(z.null()),
});

/** Runs a call expected to fail and returns its HttpError. */
async function failure(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('headers', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    // A zone without daylight saving time, so the expected offset is fixed.
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('sends every client header with its exact value', async () => {
    await http(getItem);
    expect(received).toHaveLength(1);
    const headers = received[0]?.headers ?? {};
    expect(headers).toMatchObject({
      accesstoken: 'session-token-123',
      authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`,
      secretkey: 'test-secret-key',
      timezone: 'Asia/Tokyo',
      offset: String(9 * 60 * 60 * 1000),
      platform: 'WEB',
      ip: '',
      latitude: '',
      longitude: '',
    });
    expect(headers['content-type']).toBeUndefined();
  });

  it('omits the access token header when there is no session', async () => {
    token = null;
    await http(getItem);
    expect(received[0]?.headers).not.toHaveProperty('accesstoken');
    expect(received[0]?.headers.authorization).toMatch(/^Basic /);
  });

  it('sends a JSON content type only with a body', async () => {
    await http(createEcho, { body: { name: 'Gala', seats: 2 } });
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends the third-party plainFetch call with none of the client headers', async () => {
    const response = await plainFetch(`${liveUrl}/api/test/item`);
    expect(response.status).toBe(200);
    const headers = received[0]?.headers ?? {};
    for (const name of [
      'accesstoken',
      'authorization',
      'secretkey',
      'timezone',
      'offset',
      'platform',
      'ip',
    ]) {
      expect(headers).not.toHaveProperty(name);
    }
  });
});

describe('requests', () => {
  it('returns the parsed response of a GET', async () => {
    await expect(http(getItem)).resolves.toEqual({ message: 'Item loaded', result: { value: 7 } });
  });

  it('puts GET query parameters in the URL and skips undefined ones', async () => {
    await http(getItem, {
      query: { search: 'rock & roll', page: 2, sort: undefined, tags: ['jazz', 'live'] },
    });
    expect(received[0]?.method).toBe('GET');
    expect(received[0]?.url).toBe('/api/test/item?search=rock+%26+roll&page=2&tags=jazz&tags=live');
    expect(received[0]?.body).toBe('');
  });

  it('POSTs a JSON body', async () => {
    const response = await http(createEcho, { body: { name: 'Gala', seats: 2 } });
    expect(response.result.method).toBe('POST');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: 'Gala', seats: 2 });
  });

  it('PUTs a JSON body with path and query parameters', async () => {
    await http(updateEcho, {
      params: { itemId: 'a b/1' },
      query: { force: true },
      body: { name: 'Gala', seats: 4 },
    });
    expect(received[0]).toMatchObject({ method: 'PUT', url: '/api/test/echo/a%20b%2F1?force=true' });
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ name: 'Gala', seats: 4 });
  });

  it('DELETEs with a JSON body and query parameters', async () => {
    await http(deleteEcho, {
      params: { itemId: '42' },
      query: { force: false },
      body: { reason: 'Duplicate' },
    });
    expect(received[0]).toMatchObject({ method: 'DELETE', url: '/api/test/echo/42?force=false' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ reason: 'Duplicate' });
  });

  it('holds and releases the loading bar once per call', async () => {
    await http(getItem);
    expect(collaborators.onCallStart).toHaveBeenCalledTimes(1);
    expect(collaborators.onCallEnd).toHaveBeenCalledTimes(1);
  });

  it('leaves the loading bar alone for a background call (started before the console renders)', async () => {
    await http(getItem, { background: true });
    expect(collaborators.onCallStart).not.toHaveBeenCalled();
    expect(collaborators.onCallEnd).not.toHaveBeenCalled();
  });
});

describe('error catalogue', () => {
  it('times out after the per-call timeout header, which is not sent', async () => {
    const answersBefore = slowAnswers;
    // The server answers after 5 s and the default timeout is 30 s: a timeout before the server's
    // answer can only come from the 1 s override.
    const error = await failure(http(slowRoute, { headers: { timeout: '1000' } }));
    expect(slowAnswers).toBe(answersBefore);
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: MESSAGES.timeout });
    expect(collaborators.notifyError).toHaveBeenCalledWith(MESSAGES.timeout);
    expect(received).toHaveLength(1);
    expect(received[0]?.headers).not.toHaveProperty('timeout');
    expect(collaborators.onCallEnd).toHaveBeenCalledTimes(1);
  });

  it('reports "No Internet Connection" when the browser is offline, without calling', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const error = await failure(http(getItem));
    expect(error).toMatchObject({ kind: 'offline', status: 0, message: 'No Internet Connection' });
    expect(collaborators.notifyError).toHaveBeenCalledWith('No Internet Connection');
    expect(received).toHaveLength(0);
  });

  it('reports an unreachable server (status 0 while online)', async () => {
    configure([deadUrl]);
    const error = await failure(http(getItem));
    expect(error).toMatchObject({ kind: 'unreachable', status: 0, message: MESSAGES.unreachable });
    expect(collaborators.notifyError).toHaveBeenCalledWith(
      "Couldn't connect to the server. Please try again",
    );
  });

  it.each([401, 423])('shows the server message for %i, then ends the session', async (status) => {
    const message = (ERROR_BODIES[status] as { message: string }).message;
    collaborators.notifyError.mockImplementation(() => {
      expect(collaborators.onSessionEnded).not.toHaveBeenCalled();
    });
    const error = await failure(http(statusRoute, { params: { code: status } }));
    expect(error).toMatchObject({ kind: 'response', status, message });
    expect(collaborators.notifyError).toHaveBeenCalledWith(message);
    expect(collaborators.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it.each([404, 409])('shows the server message for %i', async (status) => {
    const message = (ERROR_BODIES[status] as { message: string }).message;
    const error = await failure(http(statusRoute, { params: { code: status } }));
    expect(error).toMatchObject({ kind: 'response', status, message });
    expect(collaborators.notifyError).toHaveBeenCalledWith(message);
    expect(collaborators.onSessionEnded).not.toHaveBeenCalled();
  });

  it('shows the errors list of a 400, one per line, and keeps the field errors', async () => {
    const error = await failure(http(statusRoute, { params: { code: 400 } }));
    expect(collaborators.notifyError).toHaveBeenCalledWith(
      'Enter your email address or username\nEnter your password',
    );
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      { field: 'email', message: 'Enter your email address or username' },
      { field: 'password', message: 'Enter your password' },
    ]);
  });

  it.each([403, 500])('shows the server message of a %i without errors list', async (status) => {
    const message = (ERROR_BODIES[status] as { message: string }).message;
    await failure(http(statusRoute, { params: { code: status } }));
    expect(collaborators.notifyError).toHaveBeenCalledWith(message);
    expect(collaborators.onSessionEnded).not.toHaveBeenCalled();
  });

  it('shows the generic message when an error body is not JSON', async () => {
    const error = await failure(http(garbageRoute));
    expect(error).toMatchObject({ kind: 'response', status: 502, message: MESSAGES.unexpected });
    expect(collaborators.notifyError).toHaveBeenCalledWith(MESSAGES.unexpected);
  });

  it('reports a success body that does not match the contract instead of crashing', async () => {
    const error = await failure(http(badShapeRoute));
    expect(error).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      message: UNEXPECTED_RESPONSE_MESSAGE,
    });
    expect(collaborators.notifyError).toHaveBeenCalledWith('Unexpected response from the server');
  });

  it('skips the toast of a silent call but still ends the session on 401', async () => {
    await failure(http(statusRoute, { params: { code: 401 }, silent: true }));
    expect(collaborators.notifyError).not.toHaveBeenCalled();
    expect(collaborators.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('neither toasts nor ends the session when the caller cancels', async () => {
    const controller = new AbortController();
    const call = http(slowRoute, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(call);
    expect(error.kind).toBe('aborted');
    expect(collaborators.notifyError).not.toHaveBeenCalled();
  });
});

describe('no answer', () => {
  it('tells a failure with no verdict (no network, a gateway for a server that is down) from error answers', () => {
    expect(isNoAnswer(new HttpError('offline', 0, 'x'))).toBe(true);
    expect(isNoAnswer(new HttpError('timeout', 0, 'x'))).toBe(true);
    expect(isNoAnswer(new HttpError('unreachable', 0, 'x'))).toBe(true);
    expect(isNoAnswer(new HttpError('response', 503, 'x'))).toBe(true);
    expect(isNoAnswer(new HttpError('response', 400, 'x'))).toBe(false);
    expect(isNoAnswer(new HttpError('response', 404, 'x'))).toBe(false);
    expect(isNoAnswer(new HttpError('aborted', 0, 'x'))).toBe(false);
    expect(isNoAnswer(new Error('x'))).toBe(false);
  });
});

describe('a route loaded on first use', () => {
  const chunkFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  it('calls the route it loaded', async () => {
    const result = await http(await loadRoute(async () => getItem));
    expect(result).toEqual({ message: 'Item loaded', result: { value: 7 } });
  });

  it('fails as a call without an answer when its chunk cannot be fetched, for the caller to show', async () => {
    const error = await failure(loadRoute(chunkFailure));
    expect(error).toMatchObject({ kind: 'unreachable', status: 0, message: MESSAGES.unreachable });
    expect(error.toastDeferred).toBe(true);
    expect(isNoAnswer(error)).toBe(true);
    vi.stubGlobal('navigator', { onLine: false });
    expect(await failure(loadRoute(chunkFailure))).toMatchObject({
      kind: 'offline',
      message: 'No Internet Connection',
    });
  });
});

describe('fail-over between equivalent hosts', () => {
  it('retries a GET on the next host after a network error and then prefers that host', async () => {
    configure([deadUrl, liveUrl]);
    await expect(http(getItem)).resolves.toMatchObject({ result: { value: 7 } });
    await http(getItem);
    expect(attemptedUrls).toEqual([
      `${deadUrl}/api/test/item`,
      `${liveUrl}/api/test/item`,
      `${liveUrl}/api/test/item`,
    ]);
    expect(collaborators.notifyError).not.toHaveBeenCalled();
  });

  it('does not retry a GET on an HTTP error', async () => {
    configure([liveUrl, liveUrl]);
    await failure(http(statusRoute, { params: { code: 500 } }));
    expect(attemptedUrls).toHaveLength(1);
  });

  it('does not retry a POST, which may not be repeatable', async () => {
    configure([deadUrl, liveUrl]);
    const error = await failure(http(createEcho, { body: { name: 'Gala', seats: 2 } }));
    expect(error.kind).toBe('unreachable');
    expect(attemptedUrls).toEqual([`${deadUrl}/api/test/echo`]);
    expect(received).toHaveLength(0);
  });
});
