import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { ReportedCharge } from '../../lib/reported-charge.js';
import type { BookingEmails } from './booking-emails.js';
import type { SalesNotices } from './sales-notices.js';

/** The settlement's words: what a provider reports, what settling did, and what its commands are given. */
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

export type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** What the settlement's commands are given. */
export interface Settling {
  db: Db;
  unitOfWork: UnitOfWork;
  emails: BookingEmails;
  log?: Log;
  /** Hears the tickets of each confirmed order (the door's live counts). */
  notices?: SalesNotices;
}

/** The audit's actor of a provider's verdict. */
export const settlementWho = (providerRef: string) => ({
  system: 'payments',
  requestId: `settle:${providerRef}`,
});
