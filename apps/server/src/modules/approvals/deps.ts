import type { Email, Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';

/** What the approval queues are given (bound once per app in index.ts). */
export interface ApprovalDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** A decision email, sent after the commit; the decision stands if it fails (the user also sees it on their profile). */
export const decisionEmail = (deps: ApprovalDeps, to: string, content: Omit<Email, 'to'>) => async () => {
  await deps.mailer.send({ to, ...content }).catch((error: unknown) => {
    deps.log.error({ err: error }, 'a decision email was not sent');
  });
};
