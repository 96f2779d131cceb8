import type { PaymentsProvider } from '../../adapters/payments/index.js';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { Jobs } from '../../lib/jobs.js';
import type { RequestEmails } from './emails/request-emails.js';
import type { RefundListeners } from './refund-listeners.js';

export interface Logger {
  info?(obj: object, msg: string): void;
  warn?(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the refund engine's commands are given (one set per app, made in index.ts). */
export interface EngineDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  payments: PaymentsProvider;
  listeners: RefundListeners;
  log?: Logger;
}

/** What every command of the module may be given: the engine's, plus the buyer's emails and the job queue. */
export interface RefundsDeps extends EngineDeps {
  jobs: Jobs;
  /** The buyer's emails about requests and refunds. */
  emails: RequestEmails;
}
