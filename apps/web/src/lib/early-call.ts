import type { RouteDef } from '@marquee/contract';
import { HttpError, http, toSearch } from './http';
import { getAccessToken } from './storage';
import { toast } from './toasts';

/**
 * A signed-in read a screen needs before it can paint, started when its route first matches (on a cold
 * load: while the router is made, before any of the screen's code has arrived) and taken over by the
 * screen's query when it runs (docs/performance.md, "The dashboard's first paint"). Without it the call
 * waits for the screen's chunks to download and run, one more round trip on a slow phone.
 *
 * This module is part of the console's first download, so it holds no contract schema: the call is the
 * http helper's GET with its answer taken as it comes, and the query that takes it over checks it with
 * the contract. A call nobody took within {@link KEPT_MS} is dropped, and a failed one is never used:
 * the query then calls again itself, and that call reports the failure (this one is silent), except
 * an answer that ended the session (401, 423): no screen is left to call again, so this call says it. A
 * call is only ever handed to the session that started it.
 */
const KEPT_MS = 10_000;

interface Started {
  at: number;
  token: string;
  answer: Promise<unknown>;
  /** The answer once it has come (so the screen can show it in its first render), with when it came. */
  came?: { body: unknown; at: number };
}
const started = new Map<string, Started>();

/** The call's path with its query string: what identifies it. */
export const earlyCallUrl = (path: string, query?: Record<string, string | undefined>) =>
  `${path}${toSearch(query)}`;

/**
 * Starts `GET path?query` for the signed-in session (nothing without one: the session guard sends the
 * visitor to sign in). A new start replaces one nobody took that is too old or of a session since ended.
 */
export function startEarlyCall(path: string, query?: Record<string, string | undefined>): void {
  const token = getAccessToken();
  if (!token) return;
  const url = earlyCallUrl(path, query);
  // The same call of the same session still to be taken (the route matched again) is not asked twice.
  const waiting = started.get(url);
  if (waiting && waiting.token === token && Date.now() - waiting.at < KEPT_MS) return;
  const unchecked = {
    method: 'GET',
    path,
    response: { safeParse: (data: unknown) => ({ success: true, data }) },
  } as unknown as RouteDef;
  // After the current task: a router being made calls this before main.tsx has wired the http helper.
  const answer = Promise.resolve().then(() =>
    http(unchecked, { query: query as never, silent: true, background: true }),
  );
  const entry: Started = { at: Date.now(), token, answer };
  // Perhaps nobody takes it: its failure must not be left unhandled.
  answer.then(
    (body) => {
      entry.came = { body, at: Date.now() };
    },
    (error: unknown) => {
      if (error instanceof HttpError && error.kind === 'response' && [401, 423].includes(error.status))
        toast.error(error.message);
    },
  );
  started.set(url, entry);
}

/** The call started early for `url`, taken off the list (undefined if none, too old or another session's). */
function take(url: string): Started | undefined {
  const waiting = started.get(url);
  started.delete(url);
  return waiting && Date.now() - waiting.at < KEPT_MS && waiting.token === getAccessToken()
    ? waiting
    : undefined;
}

/**
 * The answer (envelope) of the call started early for `url` if it has already come, with when it came,
 * taken at once so the screen paints with it in its first render; undefined otherwise (and a call still
 * under way is left for {@link takeEarlyCall}).
 */
export function takeCameEarlyCall(url: string): { body: unknown; at: number } | undefined {
  if (!started.get(url)?.came) return undefined;
  return take(url)?.came;
}

/** The answer (envelope) of the call started early for `url`, once; undefined when there is none or it failed. */
export async function takeEarlyCall(url: string): Promise<unknown> {
  return take(url)?.answer.catch(() => undefined);
}

/**
 * Forgets every call started early. A page load begins with none, so the console never needs it; the
 * tests share one module instance across files (vitest.config.ts, `isolate: false`), and a call one test
 * started must not answer the next.
 */
export function forgetEarlyCalls(): void {
  started.clear();
}
