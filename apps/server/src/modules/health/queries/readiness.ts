import type { Lifecycle } from '../../../lib/shutdown.js';

/** A database that has not answered in this long counts as down: a probe must not hang with it. */
const DATABASE_WAIT_MS = 2_000;

export interface HealthDeps {
  pingDatabase: () => Promise<void>;
  /** Present when REDIS_URL is set: whether Redis answers now. */
  pingRedis?: () => Promise<boolean>;
  lifecycle: Lifecycle;
}

/** Whether this process should take traffic, with each dependency by name. */
export async function readiness(deps: HealthDeps) {
  const [database, redis] = await Promise.all([
    databaseAnswers(deps.pingDatabase),
    deps.pingRedis?.().catch(() => false),
  ]);
  const checks = {
    database: database ? ('ok' as const) : ('down' as const),
    ...(redis === undefined ? {} : { redis: redis ? ('ok' as const) : ('down' as const) }),
  };
  // Redis down alone keeps the process in: rate limits and live check-in fall back to the process.
  const ready = database && !deps.lifecycle.stopping;
  return {
    status: ready ? ('ready' as const) : ('not_ready' as const),
    stopping: deps.lifecycle.stopping,
    checks,
  };
}

async function databaseAnswers(ping: () => Promise<void>): Promise<boolean> {
  const timer = new Promise<false>((resolve) => setTimeout(resolve, DATABASE_WAIT_MS, false).unref());
  return Promise.race([
    ping().then(
      () => true,
      () => false,
    ),
    timer,
  ]);
}
