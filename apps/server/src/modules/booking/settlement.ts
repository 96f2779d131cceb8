import type { Db } from '../../db/client.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { createBookingEmails } from './booking-emails.js';
import { settlePayment } from './commands/settle-payment.js';
import type { Log, SettleInput, SettleResult, Settling } from './settling.js';

export type { SettleInput, SettleResult } from './settling.js';

/** Payment outcomes → bookings (docs/selling.md, "Settlement"); the payment webhook calls `settle`. */
export function createSettlement(deps: {
  db: Db;
  clock: Clock;
  log?: Log;
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
}) {
  const { db, clock } = deps;
  const settling: Settling = {
    db,
    unitOfWork: createUnitOfWork({ db, clock, log: deps.log }),
    emails: createBookingEmails({ enabled: deps.confirmationEmails !== false }),
    log: deps.log,
  };
  return {
    settle: (input: SettleInput): Promise<SettleResult> => settlePayment(settling, input),
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
