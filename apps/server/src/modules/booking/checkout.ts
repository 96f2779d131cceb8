import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Db } from '../../db/client.js';
import { createUnitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Metrics } from '../../ports.js';
import type { FeeRate } from '../events/index.js';
import { type BookingEmails, createBookingEmails } from './booking-emails.js';
import type { CheckoutBody } from './checkout-rules.js';
import { cancelHold } from './commands/cancel-hold.js';
import { startCheckout } from './commands/start-checkout.js';
import { throttledRelease } from './hold-sweep.js';
import { getBuyerBooking } from './queries/buyer-booking.js';
import type { SalesNotices } from './sales-notices.js';

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  payments: PaymentsProvider;
  publicUrl: string;
  /**
   * The origin the payment page sends the buyer back to: the known address the checkout was opened
   * on (the tab's storage and session live there), else PUBLIC_URL's. Without it, PUBLIC_URL's.
   */
  returnOrigin?: () => string;
  holdMinutes: number;
  rate: FeeRate;
  log?: { error(obj: object, msg: string): void };
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
  /** Counts checkouts started, and free ones confirmed (or refused at once) on the spot. */
  metrics?: Pick<Metrics, 'checkout'>;
  /** Hears the tickets of each confirmed order (the door's live counts). */
  notices?: SalesNotices;
}

/** What the buyer's commands and queries are given. */
export interface Selling {
  db: Db;
  clock: Clock;
  unitOfWork: UnitOfWork;
  payments: PaymentsProvider;
  publicUrl: string;
  /** Where the payment page returns to (see CheckoutDeps.returnOrigin). */
  returnOrigin: () => string;
  holdMinutes: number;
  rate: FeeRate;
  log?: { error(obj: object, msg: string): void };
  emails: BookingEmails;
  /** The hold sweep as checkout and event reads run it (at most once a second per process). */
  releaseHolds: (now: Date) => Promise<void>;
  metrics?: Pick<Metrics, 'checkout'>;
  notices?: SalesNotices;
}

/** The checkout: holds seats, takes payments, confirms free orders. */
export function createCheckout(deps: CheckoutDeps) {
  const { db, clock } = deps;
  const selling: Selling = {
    db,
    clock,
    unitOfWork: createUnitOfWork({ db, clock, log: deps.log }),
    payments: deps.payments,
    publicUrl: deps.publicUrl,
    returnOrigin: deps.returnOrigin ?? (() => new URL(deps.publicUrl).origin),
    holdMinutes: deps.holdMinutes,
    rate: deps.rate,
    log: deps.log,
    emails: createBookingEmails({ enabled: deps.confirmationEmails !== false }),
    releaseHolds: throttledRelease(db),
    metrics: deps.metrics,
    notices: deps.notices,
  };
  return {
    selling,
    create: (body: CheckoutBody, actor: Actor | null, requestId: string) =>
      startCheckout(selling, body, actor, requestId),
    get: (bookingId: string, token: string) => getBuyerBooking(selling, bookingId, token),
    cancel: (bookingId: string, token: string, requestId: string) =>
      cancelHold(selling, bookingId, token, requestId),
    releaseHolds: selling.releaseHolds,
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
