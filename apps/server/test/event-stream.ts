import http from 'node:http';

/**
 * A server-sent events reader for tests over real HTTP (app.inject waits for the end of an answer,
 * which a stream never reaches). Collects each event's `data:` as parsed JSON; comments are counted.
 */
export interface EventStream<T> {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message so far, in order. */
  messages: T[];
  /** The first message (from `from` on) that matches, or a rejection after `timeoutMs`. */
  next(match: (message: T) => boolean, timeoutMs?: number, from?: number): Promise<T>;
  /** The error body when the status is not 200. */
  body(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream<T = unknown>(
  url: string,
  headers: Record<string, string>,
): Promise<EventStream<T>> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const messages: T[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart());
          if (data.length) messages.push(JSON.parse(data.join('\n')) as T);
          cut = buffer.indexOf('\n\n');
        }
        for (const wake of [...waiters]) wake();
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        body: () => raw,
        ended,
        next(match, timeoutMs = 2_000, from = 0) {
          return new Promise<T>((found, fail) => {
            const look = () => {
              const hit = messages.slice(from).find(match);
              if (!hit) return false;
              waiters.delete(wake);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const wake = () => void look();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            if (!look()) waiters.add(wake);
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
