import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { ReportedCharge } from '../../lib/reported-charge.js';
import { createUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work.js';
import { type BookingEmails, createBookingEmails } from './booking-emails.js';
import { settlePayment } from './commands/settle-payment.js';

export interface SettleInput extends ReportedCharge {
  provider: string;
  providerRef: string;
  outcome: 'SUCCEEDED' | 'FAILED';
  failureReason?: string;
}

/** What a callback did: for the webhook's log and tests; every outcome is a 200 to the provider. */
export type SettleResult =
  | 'UNKNOWN_PAYMENT'
  | 'ALREADY_SETTLED'
  | 'CONFIRMED'
  | 'CONFIRMED_AFTER_EXPIRY'
  | 'PAID_AFTER_EXPIRY'
  /** A success for another amount or currency than the payment's: refused, the order left as it was. */
  | 'CHARGE_MISMATCH'
  | 'FAILED';

export const PAID_AFTER_EXPIRY = 'PAID_AFTER_EXPIRY – needs refund';

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** What the settlement's commands are given. */
export interface Settling {
  db: Db;
  unitOfWork: UnitOfWork;
  emails: BookingEmails;
  log?: Log;
}

/** The audit's actor of a provider's verdict. */
export const settlementWho = (providerRef: string) => ({
  system: 'payments',
  requestId: `settle:${providerRef}`,
});

/** Payment outcomes → bookings (docs/selling.md, "Settlement"); the payment webhook calls `settle`. */
export function createSettlement(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log?: Log;
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
}) {
  const { db, clock } = deps;
  const settling: Settling = {
    db,
    unitOfWork: createUnitOfWork({ db, clock, log: deps.log }),
    emails: createBookingEmails({
      db,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      log: deps.log,
      enabled: deps.confirmationEmails !== false,
    }),
    log: deps.log,
  };
  return {
    settle: (input: SettleInput): Promise<SettleResult> => settlePayment(settling, input),
    /** Waits for confirmation emails still being sent (app close, tests). */
    drain: () => settling.emails.drain(),
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
