import type { Email } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import type { Change, UnitOfWork } from '../../db/unit-of-work.js';
import { enqueueEmail } from '../messages/index.js';

/** What the approval queues are given (bound once per app in index.ts). */
export interface ApprovalDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/**
 * A decision email, enqueued in the decision's change (modules/messages): sent once it commits and
 * retried while the mail server is down. One message per decision (the user and the decision's time).
 */
export const enqueueDecisionEmail = (
  change: Change,
  kind: 'organizer-decision' | 'non-profit-decision',
  userId: string,
  to: string,
  content: Omit<Email, 'to'>,
) =>
  enqueueEmail(
    change,
    { to, ...content },
    { kind, intentKey: `${kind}:${userId}:${change.now.toISOString()}`, data: { userId } },
  );
