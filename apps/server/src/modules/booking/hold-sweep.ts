import type { DbOrTx } from '../../db/client.js';
import { releaseExpiredHolds } from './repo/expiry.js';

/** The periodic sweep (app lifecycle): unref'd so it never keeps the process alive; stop() on close. */
export function startHoldSweep(options: {
  db: DbOrTx;
  now: () => Date;
  everySeconds: number;
  log: { error(obj: object, msg: string): void };
}) {
  if (options.everySeconds <= 0) return { stop() {} };
  const timer = setInterval(() => {
    releaseExpiredHolds(options.db, options.now()).catch((error) =>
      options.log.error({ err: error }, 'releasing expired holds failed'),
    );
  }, options.everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * The sweep as checkout and event reads run it: at most once a second per process (by the app's clock),
 * so a burst of buyers does not run it a thousand times; a hold expired less than a second ago may
 * still count as taken for that second.
 */
export function throttledRelease(db: DbOrTx, intervalMs = 1000) {
  let last = Number.NEGATIVE_INFINITY;
  let running: Promise<number> | null = null;
  return async (now: Date): Promise<void> => {
    if (running) {
      await running;
      return;
    }
    if (Math.abs(now.getTime() - last) < intervalMs) return;
    last = now.getTime();
    running = releaseExpiredHolds(db, now);
    try {
      await running;
    } finally {
      running = null;
    }
  };
}
