import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { accountDeps } from '../account/index.js';

/** What the organizations' and team's commands and queries are given (bound once per app in index.ts). */
export interface OrganizationDeps {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  defaultCurrency: string;
  /** For the invitation links the account module issues and mails. */
  account: ReturnType<typeof accountDeps>;
}
