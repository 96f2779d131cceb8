import type { Db } from '../../db/client.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { Metrics } from '../../ports.js';
import { createBookingEmails } from './booking-emails.js';
import { settlePayment } from './commands/settle-payment.js';
import type { SalesNotices } from './sales-notices.js';
import type { Log, SettleInput, SettleResult, Settling } from './settling.js';

export type { SettleInput, SettleResult } from './settling.js';

/** Payment outcomes → bookings (docs/selling.md, "Settlement"); the payment webhook calls `settle`. */
export function createSettlement(deps: {
  db: Db;
  clock: Clock;
  log?: Log;
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
  /** Counts paid checkouts confirmed or failed by the provider's verdict. */
  metrics?: Pick<Metrics, 'checkout'>;
  /** Hears the tickets of each confirmed order (the door's live counts). */
  notices?: SalesNotices;
}) {
  const { db, clock } = deps;
  const settling: Settling = {
    db,
    unitOfWork: createUnitOfWork({ db, clock, log: deps.log }),
    emails: createBookingEmails({ enabled: deps.confirmationEmails !== false }),
    log: deps.log,
    notices: deps.notices,
  };
  return {
    settle: async (input: SettleInput): Promise<SettleResult> => {
      const result = await settlePayment(settling, input);
      if (result === 'CONFIRMED' || result === 'CONFIRMED_AFTER_EXPIRY') deps.metrics?.checkout('confirmed');
      if (result === 'FAILED') deps.metrics?.checkout('failed');
      return result;
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
