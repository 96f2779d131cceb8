import {
  type ApiError,
  type BodyOf,
  DEFAULT_TIMEOUT_MS,
  HEADERS,
  MESSAGES,
  type QueryOf,
  type ResponseOf,
  type RouteDef,
} from '@marquee/contract';
import type { z } from 'zod';
import { encodeBase64 } from './base64';
import { type ClientCredentials, config } from './config';
import { browserZoneName } from './intl';

/** Shown when a success response does not match the contract: a deploy mismatch, not the user's fault. */
export const UNEXPECTED_RESPONSE_MESSAGE = 'Unexpected response from the server';

export type FieldError = NonNullable<ApiError['errors']>[number];

/**
 * Why a call failed. `response` is an HTTP error answer; `invalid-response` a success answer the contract
 * rejects; `aborted` a caller cancellation (never toasted).
 */
export type HttpErrorKind =
  | 'timeout'
  | 'offline'
  | 'unreachable'
  | 'response'
  | 'invalid-response'
  | 'aborted';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly kind: HttpErrorKind;
  /** HTTP status; 0 when no answer arrived (timeout, offline, unreachable, aborted). */
  readonly status: number;
  /** Field errors of a 400 answer, for forms to put on their fields. */
  readonly errors: FieldError[] | undefined;
  /**
   * Not toasted yet: the call was sent from a form's submit handler, which shows it under its fields or
   * toasts it itself (`lib/form-errors.ts`).
   */
  toastDeferred = false;

  constructor(kind: HttpErrorKind, status: number, message: string, errors?: FieldError[]) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.errors = errors;
  }
}

/** Gateways answering for an API that is down are no answer from it either. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * The server gave no verdict: no answer arrived (offline, unreachable, timed out), or a gateway answered
 * for an API that is down. A device may then go on from what it kept (the door's ticket list, the last
 * profile); any other error answer is the server's verdict and stands.
 */
export function isNoAnswer(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.kind === 'offline' || error.kind === 'unreachable' || error.kind === 'timeout') return true;
  return error.kind === 'response' && GATEWAY_STATUSES.has(error.status);
}

/** What the helper needs from the app; injected so the helper stays free of React and testable in node. */
export interface HttpCollaborators {
  notifyError: (message: string) => void;
  /** Called after a 401 or 423 answer: the session is gone server-side. */
  onSessionEnded: () => void;
  /** Called once at the start and once at the end of every call (the loading bar counts them). */
  onCallStart: () => void;
  onCallEnd: () => void;
  getToken: () => string | null;
  fetch: typeof fetch;
  baseUrls: readonly string[];
  credentials: ClientCredentials;
  isOnline: () => boolean;
}

const DEFAULT_COLLABORATORS: HttpCollaborators = {
  notifyError: () => {},
  onSessionEnded: () => {},
  onCallStart: () => {},
  onCallEnd: () => {},
  getToken: () => null,
  // Looked up at call time so a later polyfill or test stub of the global is honoured.
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrls: config.apiBaseUrls,
  credentials: config.clientCredentials,
  // Node before 21 has no navigator; treat that as online.
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
};

let collaborators: HttpCollaborators = DEFAULT_COLLABORATORS;
/** Form submit handlers running now; their changing calls leave the error toast to the form. */
let formSubmitsRunning = 0;

/**
 * Runs a form's submit handler so that the POST/PUT/PATCH/DELETE calls it starts do not toast their
 * failure: the form puts field errors under the fields and toasts the rest, so nothing is said twice.
 * GET calls keep their toast (a background list refresh is not the form's to report).
 */
export async function withFormErrorsDeferred<T>(handler: () => Promise<T>): Promise<T> {
  formSubmitsRunning += 1;
  try {
    // Each call reads the counter when it starts, so calls made after any await inside are covered.
    return await handler();
  } finally {
    formSubmitsRunning -= 1;
  }
}

/**
 * A route's contract loaded on first use, through `import()` of a module that re-exports it: a page that
 * makes the call only on a click (a promo code, a waiting list) does not build its schemas while it
 * loads. A chunk that cannot be fetched fails as a call without an answer does, so the caller shows it
 * where it shows such a failure (a form toasts it, a field shows it).
 */
export async function loadRoute<R extends RouteDef>(load: () => Promise<R>): Promise<R> {
  try {
    return await load();
  } catch {
    const error = collaborators.isOnline()
      ? new HttpError('unreachable', 0, MESSAGES.unreachable)
      : new HttpError('offline', 0, MESSAGES.offline);
    error.toastDeferred = true;
    throw error;
  }
}

/** Index of the host that answered last, so a dead host costs one failed GET rather than every call. */
let preferredHost = 0;

/** Replaces the collaborators; anything not given falls back to the defaults. */
export function configureHttp(overrides: Partial<HttpCollaborators>): void {
  collaborators = { ...DEFAULT_COLLABORATORS, ...overrides };
  preferredHost = 0;
}

export interface CallOptions<R extends RouteDef> {
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** Values for the `:name` segments of the route path. */
  params?: Record<string, string | number>;
  /** Extra headers; a `timeout` header (ms) overrides the default timeout and is not sent. */
  headers?: Record<string, string>;
  /** A multipart body (file uploads such as upload-media), sent instead of `body`. */
  formData?: FormData;
  /** Skip the error toast for this call; a 401/423 still ends the session. */
  silent?: boolean;
  /**
   * Not shown on the loading bar: a call started before the console has rendered (lib/early-call.ts).
   * The bar's store is set up by its component's first render, which drops a bar already started: its
   * timer would then run for good, re-rendering the bar ten times a second.
   */
  background?: boolean;
  signal?: AbortSignal;
}

type CallArgs<R extends RouteDef> = R['body'] extends z.ZodType
  ? [options: CallOptions<R> & { body: BodyOf<R> }]
  : [options?: CallOptions<R>];

/** The headers api.md requires on every call to the API. */
export function clientHeaders(
  token: string | null,
  credentials: ClientCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.authorization]: `Basic ${encodeBase64(`${credentials.clientId}:${credentials.clientSecret}`)}`,
    [HEADERS.secretKey]: credentials.secretKey,
    [HEADERS.timezone]: browserZoneName(),
    // getTimezoneOffset is minutes *behind* UTC; the API wants ms *ahead* of UTC.
    [HEADERS.offset]: String(-now.getTimezoneOffset() * 60_000),
    [HEADERS.platform]: 'WEB',
    [HEADERS.ip]: '',
    [HEADERS.latitude]: '',
    [HEADERS.longitude]: '',
  };
  if (token) headers[HEADERS.accessToken] = token;
  return headers;
}

export function fillPathParams(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Query string from a plain object; undefined and null are left out, arrays repeat the key. */
export function toSearch(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Splits the per-call `timeout` header off the headers that are sent. */
function splitTimeout(headers: Record<string, string> = {}): {
  timeoutMs: number;
  sent: Record<string, string>;
} {
  const sent: Record<string, string> = {};
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== HEADERS.timeout) {
      sent[name.toLowerCase()] = value;
      continue;
    }
    const parsed = Number(value);
    if (Number.isFinite(parsed) && parsed > 0) timeoutMs = parsed;
  }
  return { timeoutMs, sent };
}

/** Cancels a call on the caller's signal or at the deadline, and remembers which of the two it was. */
function createDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

type Deadline = ReturnType<typeof createDeadline>;

/** Maps a thrown fetch or body-read failure to the catalogue; `null` means "another host may help". */
function classifyFailure(deadline: Deadline, canTryNextHost: boolean): HttpError | null {
  if (deadline.timedOut()) return new HttpError('timeout', 0, MESSAGES.timeout);
  if (deadline.signal.aborted) return new HttpError('aborted', 0, 'The call was cancelled');
  if (!collaborators.isOnline()) return new HttpError('offline', 0, MESSAGES.offline);
  if (canTryNextHost) return null;
  return new HttpError('unreachable', 0, MESSAGES.unreachable);
}

interface Answer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * Sends the request, failing over to the next equivalent host on a network error for GET only:
 * repeating a POST, PUT or DELETE whose answer was lost could apply it twice.
 */
async function send(
  path: string,
  init: RequestInit,
  idempotent: boolean,
  deadline: Deadline,
): Promise<Answer> {
  const hosts = collaborators.baseUrls.length > 0 ? collaborators.baseUrls : [''];
  const attempts = idempotent ? hosts.length : 1;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const hostIndex = (preferredHost + attempt) % hosts.length;
    let response: Response;
    try {
      response = await collaborators.fetch(`${hosts[hostIndex]}${path}`, {
        ...init,
        signal: deadline.signal,
      });
    } catch {
      const failure = classifyFailure(deadline, attempt < attempts - 1);
      if (failure) throw failure;
      continue;
    }
    preferredHost = hostIndex;
    try {
      return { status: response.status, ok: response.ok, text: await response.text() };
    } catch {
      // The answer started but broke off: the request may have been applied, so never retry here.
      throw classifyFailure(deadline, false);
    }
  }
  throw new HttpError('unreachable', 0, MESSAGES.unreachable);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The error catalogue of spec section 8 for answers that arrived with an error status. The ApiError
 * schema (and zod with it) is loaded with the first error answer, not with the first paint
 * (docs/performance.md, "Console").
 */
async function errorFromAnswer(answer: Answer): Promise<HttpError> {
  const { ApiError } = await import('./api-error-schema');
  const parsed = ApiError.safeParse(parseJson(answer.text));
  if (!parsed.success) return new HttpError('response', answer.status, MESSAGES.unexpected);
  const { message, errors } = parsed.data;
  const usesMessageOnly = [401, 404, 409, 423].includes(answer.status);
  if (usesMessageOnly || !errors || errors.length === 0) {
    return new HttpError('response', answer.status, message, errors);
  }
  // Messages only: they are written for people, while field names are wire names. Forms place them
  // on their fields through `errors`.
  const lines = [...new Set(errors.map((error) => error.message))];
  return new HttpError('response', answer.status, lines.join('\n'), errors);
}

function announce(error: HttpError, silent: boolean, deferToForm: boolean): void {
  if (error.kind === 'aborted') return;
  if (deferToForm) error.toastDeferred = true;
  else if (!silent) collaborators.notifyError(error.message);
  if (error.kind === 'response' && (error.status === 401 || error.status === 423)) {
    collaborators.onSessionEnded();
  }
}

/**
 * The one way the console calls its API: adds the client headers, picks a host, applies the timeout,
 * parses the answer with the route's response schema, and turns every failure into a toast plus a
 * thrown {@link HttpError}.
 */
export async function http<R extends RouteDef>(route: R, ...args: CallArgs<R>): Promise<ResponseOf<R>> {
  const options: CallOptions<R> = args[0] ?? {};
  const { timeoutMs, sent } = splitTimeout(options.headers);
  const headers = { ...clientHeaders(collaborators.getToken(), collaborators.credentials), ...sent };
  const hasBody = route.method !== 'GET' && options.body !== undefined && !options.formData;
  if (hasBody) headers['content-type'] = 'application/json';
  const path = `${fillPathParams(route.path, options.params)}${toSearch(options.query)}`;
  const init: RequestInit = {
    method: route.method,
    headers,
    // The browser sets the multipart content type with its boundary itself.
    body: options.formData ?? (hasBody ? JSON.stringify(options.body) : undefined),
  };

  const deferToForm = formSubmitsRunning > 0 && route.method !== 'GET';
  if (!options.background) collaborators.onCallStart();
  const deadline = createDeadline(timeoutMs, options.signal);
  try {
    if (!collaborators.isOnline()) throw new HttpError('offline', 0, MESSAGES.offline);
    const answer = await send(path, init, route.method === 'GET', deadline);
    if (!answer.ok) throw await errorFromAnswer(answer);
    const parsed = route.response.safeParse(parseJson(answer.text));
    if (!parsed.success) throw new HttpError('invalid-response', answer.status, UNEXPECTED_RESPONSE_MESSAGE);
    return parsed.data as ResponseOf<R>;
  } catch (error) {
    const httpError =
      error instanceof HttpError ? error : new HttpError('invalid-response', 0, MESSAGES.unexpected);
    announce(httpError, options.silent ?? false, deferToForm);
    throw httpError;
  } finally {
    deadline.clear();
    if (!options.background) collaborators.onCallEnd();
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A request to a third-party service (the maps time-zone lookup): none of the console's headers, so the
 * client credentials and the session token never leave for another origin. Counts for the loading bar.
 */
export async function plainFetch(url: string, init: RequestInit = {}): Promise<Response> {
  collaborators.onCallStart();
  const deadline = createDeadline(DEFAULT_TIMEOUT_MS, init.signal ?? undefined);
  try {
    const response = await collaborators.fetch(url, { ...init, signal: deadline.signal });
    // Read the body inside the deadline so a stalled stream cannot hang the caller.
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } finally {
    deadline.clear();
    collaborators.onCallEnd();
  }
}

/**
 * A call whose answer is not the JSON envelope (a file export): the same headers, host and error
 * catalogue as {@link http}, but the caller reads the body itself, as a stream. The timeout covers only
 * the wait for the answer's head, since a large file may take longer than any fixed deadline to arrive;
 * the caller's signal cancels the call at any point, body included.
 */
export async function rawRequest(
  pathWithQuery: string,
  /** `silent`: no error toast (a stream that reconnects by itself); a 401/423 still ends the session. */
  options: { signal?: AbortSignal; timeoutMs?: number; silent?: boolean } = {},
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const hosts = collaborators.baseUrls.length > 0 ? collaborators.baseUrls : [''];
  try {
    if (!collaborators.isOnline()) throw new HttpError('offline', 0, MESSAGES.offline);
    let response: Response;
    try {
      response = await collaborators.fetch(`${hosts[preferredHost % hosts.length]}${pathWithQuery}`, {
        method: 'GET',
        headers: clientHeaders(collaborators.getToken(), collaborators.credentials),
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw new HttpError('timeout', 0, MESSAGES.timeout);
      if (controller.signal.aborted) throw new HttpError('aborted', 0, 'The call was cancelled');
      if (!collaborators.isOnline()) throw new HttpError('offline', 0, MESSAGES.offline);
      throw new HttpError('unreachable', 0, MESSAGES.unreachable);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw await errorFromAnswer({ status: response.status, ok: false, text });
    }
    return response;
  } catch (error) {
    const httpError =
      error instanceof HttpError ? error : new HttpError('invalid-response', 0, MESSAGES.unexpected);
    announce(httpError, options.silent ?? false, false);
    throw httpError;
  } finally {
    clearTimeout(timer);
  }
}
