import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { InfoLogger } from '../../adapters/outbox/outbox.js';
import type { SmsSender } from '../../adapters/sms/sms.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { InvitationHooks } from './invitations.js';

/** What the account's commands and queries are given (bound once per app in index.ts). */
export interface AccountDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  log: InfoLogger & { error(obj: object, msg: string): void };
  unitOfWork: UnitOfWork;
  /** The organizations module's answer to an invitation link, asked when one is used. */
  invitations: () => InvitationHooks | undefined;
}
