import type { FastifyBaseLogger } from 'fastify';

/** Whether the process is on its way out: readiness answers 503 from the first moment. */
export interface Lifecycle {
  readonly stopping: boolean;
  beginStopping(): void;
}

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    beginStopping() {
      stopping = true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the shutdown (lib/shutdown.ts); read by readiness and the drain's `connection: close`. */
    lifecycle: Lifecycle;
  }
}

export interface ShutdownSteps {
  app: { lifecycle: Lifecycle; close(): PromiseLike<unknown>; log: FastifyBaseLogger };
  /** How long requests are still served after readiness turned 503 (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Ends the drain early (a second signal: the operator wants out now). */
  cutShort?: AbortSignal;
  /** What goes after HTTP, in order: the pool, then the embedded PostgreSQL. */
  after: (() => Promise<unknown>)[];
}

/**
 * How a process behind a load balancer stops (docs/operations.md, "Stopping"): readiness answers 503
 * at once, so the balancer takes the process out; requests are still served for `drainMs`, since the
 * balancer notices only at its next check and sends requests until then; then HTTP closes (no new
 * connections, requests in flight finish, idle keep-alive connections are closed), then what the
 * requests used. A step that fails is logged and the next one still runs.
 */
export async function shutDown({ app, drainMs, cutShort, after }: ShutdownSteps): Promise<void> {
  app.lifecycle.beginStopping();
  if (drainMs > 0) {
    app.log.info(`draining: serving requests for ${drainMs} ms more while readiness answers 503`);
    await drain(drainMs, cutShort);
  }
  await Promise.resolve(app.close()).catch((error) => app.log.error(error));
  for (const step of after) await step().catch((error) => app.log.error(error));
}

function drain(ms: number, cutShort?: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (cutShort?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    cutShort?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
