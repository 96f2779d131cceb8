import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

/** What sign-in, sessions and the profile are given (bound once per app in index.ts). */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: Config;
}

/** What the client says about itself when a session opens. */
export interface SessionMeta {
  platform: string;
  timezone?: string;
}
