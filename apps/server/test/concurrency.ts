import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { TestApp } from './helpers.js';

/**
 * Races through real HTTP: `app.inject` runs calls one after another inside the process, which hides
 * what parallel clients do to locks, pools and unique indexes. These helpers listen on a loopback
 * port and give every call its own TCP connection (`agent: false`).
 */
export interface HttpAnswer {
  status: number;
  body: { message?: string; result?: unknown; errors?: { field: string; message: string }[] } & Record<
    string,
    unknown
  >;
  /** The answer's headers (names in lower case). */
  headers: http.IncomingHttpHeaders;
  /** Set instead of a status when the call got no answer in time (or the connection failed). */
  error?: string;
}

/** Starts the app (or the test app) on 127.0.0.1 with a free port; the server closes with the app. */
export async function listenOnLoopback(target: TestApp | FastifyInstance): Promise<string> {
  const app = 'app' in target ? target.app : target;
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/**
 * Holds the only connection of a one-connection pool while the test lines requests up behind it. The
 * pool hands connections out first come, first served, so the order in which requests reach the
 * database is the order the test chose, not chance.
 */
export async function poolGate(pool: pg.Pool) {
  const held = await pool.connect();
  return {
    /** Waits until `count` queries wait for the connection. */
    async waitForQueue(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (pool.waitingCount < count) {
        if (Date.now() > until) throw new Error(`only ${pool.waitingCount} of ${count} queries queued`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    open: () => held.release(),
  };
}

/** One call on a connection of its own; never throws: a timeout or a broken connection is an `error`. */
export function httpCall(
  base: string,
  call: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** Sent as it is, as `application/json`: a body JSON.stringify could not make (or would refuse). */
    rawBody?: string;
  },
  timeoutMs = 10_000,
): Promise<HttpAnswer> {
  const payload = call.rawBody ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${call.path}`,
      {
        method: call.method,
        agent: false,
        headers: {
          ...call.headers,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: HttpAnswer['body'] = {};
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            body = { message: text };
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: 0, body: {}, headers: {}, error: error.message }));
    if (payload) request.write(payload);
    request.end();
  });
}

export interface Tally {
  answers: HttpAnswer[];
  /** How many answers had each status (0: no answer). */
  byStatus: Record<number, number>;
  /** How many answers had each "status message" pair, to check what the losers were told. */
  byMessage: Record<string, number>;
}

export function tally(answers: HttpAnswer[]): Tally {
  const byStatus: Record<number, number> = {};
  const byMessage: Record<string, number> = {};
  for (const answer of answers) {
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    const key = `${answer.status} ${answer.error ?? answer.body.message ?? ''}`;
    byMessage[key] = (byMessage[key] ?? 0) + 1;
  }
  return { answers, byStatus, byMessage };
}

/** Fires `count` calls at once (call i is built by `make(i)`), each on its own connection, and tallies them. */
export async function inParallel(
  base: string,
  count: number,
  make: (i: number) => Parameters<typeof httpCall>[1],
  timeoutMs?: number,
): Promise<Tally> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => httpCall(base, make(i), timeoutMs)),
  );
  return tally(answers);
}
