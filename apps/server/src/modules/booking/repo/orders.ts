import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { type BookingRow, bookingEvents, bookingLinkTokens, bookings } from '../../../db/schema/index.js';
import { transition } from '../../../db/state-machine.js';
import type { Change } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import { hashAccessToken } from '../codes.js';
import { orderMachine } from './machines.js';

export type { BookingRow };
export type OrderStatus = BookingRow['status'];

/**
 * Whether `token` opens the booking row it is applied to: its access token, the token handed out at
 * checkout (still valid after a paid order's confirmation gave the email a fresh one), or one an
 * organizer's resend issued (`booking_link_tokens`). Every link a buyer was given keeps working.
 */
export function tokenOpensBooking(token: string): SQL {
  const hash = hashAccessToken(token);
  return or(
    eq(bookings.accessTokenHash, hash),
    eq(bookings.checkoutTokenHash, hash),
    // `bookings.id` names the row the condition is applied to (a correlated subquery).
    sql`exists (select 1 from ${bookingLinkTokens} where ${bookingLinkTokens.tokenHash} = ${hash} and ${bookingLinkTokens.bookingId} = ${bookings.id})`,
  ) as SQL;
}

/**
 * The buyer's only credential check: the booking whose id is given and which the token opens
 * (tokenOpensBooking). Any other pair is 404, whether the booking exists or not.
 */
export async function bookingByToken(db: DbOrTx, bookingId: string, token: string): Promise<BookingRow> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), tokenOpensBooking(token)));
  if (!row) throw notFound('The booking');
  return row;
}

export async function findBooking(db: DbOrTx, bookingId: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** One entry of the order's timeline (what the console's order page lists). */
export async function addTimeline(tx: Tx, bookingId: string, kind: string, detail: string, at: Date) {
  await tx.insert(bookingEvents).values({ bookingId, kind, detail, at });
}

/**
 * Confirms an order from one of `from` (its hold, or a hold that ended before the payment came), with
 * a fresh access token hash; the token it replaces, when given, stays valid as the checkout token.
 * Null when the order was not in one of those statuses.
 */
export function confirmOrder(
  change: Change,
  bookingId: string,
  from: readonly OrderStatus[],
  tokens: { accessTokenHash: string; checkoutTokenHash: string | null },
  audit?: { action: string; organizationId: string; after: object },
) {
  return transition(change, orderMachine, {
    id: bookingId,
    to: 'CONFIRMED',
    from,
    set: { confirmedAt: change.now, holdExpiresAt: null, ...tokens, updatedAt: change.now },
    audit,
  });
}

/** Ends a HELD order (its seats are the caller's to give back); null when it was not HELD. */
export function endHeldOrder(change: Change, bookingId: string, to: 'FAILED' | 'CANCELLED') {
  return transition(change, orderMachine, {
    id: bookingId,
    to,
    from: ['HELD'],
    set: { holdExpiresAt: null, updatedAt: change.now },
  });
}

/** An order whose hold had ended and whose late payment found its seats gone. */
export function failEndedOrder(change: Change, bookingId: string, from: 'EXPIRED' | 'CANCELLED') {
  return transition(change, orderMachine, {
    id: bookingId,
    to: 'FAILED',
    from: [from],
    set: { updatedAt: change.now },
  });
}

/** The order, locked for the rest of the transaction (changes to one order then run one at a time). */
export async function lockOrder(tx: Tx, bookingId: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row ?? null;
}

/**
 * One more token for an order whose tokens only its buyer holds (an organizer's resend needs one to
 * put in the email): added beside the others, none of which stops working.
 */
export async function addLinkToken(tx: Tx, bookingId: string, tokenHash: string, now: Date) {
  await tx.insert(bookingLinkTokens).values({ bookingId, tokenHash, issuedAt: now });
}
