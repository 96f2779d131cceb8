import { BOOKING_MESSAGES } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { namedStatement } from '../../../db/named-statement.js';
import type { BookingRow } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/errors.js';
import { claimOf } from './seat-claim.js';

/** Seats one booking takes: per inventory row, and in all on its date (null: a course). */
export interface SeatClaim {
  occurrenceId: string | null;
  lines: { index: number; inventoryId: string; name: string; quantity: number }[];
}

export class SoldOut extends AppError {
  constructor(
    readonly index: number,
    name: string,
    left: number,
  ) {
    const message = BOOKING_MESSAGES.soldOut(name, left);
    super(409, message, [{ field: `lines.${index}.quantity`, message }]);
  }
}

/**
 * Takes the seats with guarded UPDATEs, in inventory-id order (so two orders of the same types lock
 * rows in one order and cannot deadlock). PostgreSQL re-checks the guard on the row it locks, so
 * however many transactions race, `sold` never passes `capacity`; a line that does not fit throws
 * `SoldOut` and the caller's transaction rolls everything back.
 */
export async function reserveSeats(tx: Tx, claim: SeatClaim): Promise<void> {
  const only = claim.lines.length === 1 ? claim.lines[0] : undefined;
  if (only) return reserveOneLine(tx, claim.occurrenceId, only);
  const ordered = [...claim.lines].sort((a, b) => (a.inventoryId < b.inventoryId ? -1 : 1));
  for (const line of ordered) {
    const taken = await tx.execute(
      sql`update ticket_inventory set sold = sold + ${line.quantity}
          where id = ${line.inventoryId} and sold + ${line.quantity} <= capacity returning id`,
    );
    if (taken.rows.length === 0) {
      const left = await tx.execute<{ left: number }>(
        sql`select greatest(capacity - sold, 0)::int as left from ticket_inventory where id = ${line.inventoryId}`,
      );
      throw new SoldOut(line.index, line.name, Math.min(left.rows[0]?.left ?? 0, line.quantity - 1));
    }
  }
  if (claim.occurrenceId) {
    const total = claim.lines.reduce((sum, line) => sum + line.quantity, 0);
    // The date's own cap (all its types together), when it has one; `sold` is kept either way.
    const taken = await tx.execute<{ left: number }>(
      sql`update event_occurrences set sold = sold + ${total}
          where id = ${claim.occurrenceId} and (capacity is null or sold + ${total} <= capacity)
          returning id`,
    );
    if (taken.rows.length === 0) {
      const left = await tx.execute<{ left: number }>(
        sql`select greatest(capacity - sold, 0)::int as left from event_occurrences where id = ${claim.occurrenceId}`,
      );
      const first = claim.lines[0];
      throw new SoldOut(first?.index ?? 0, first?.name ?? 'These', left.rows[0]?.left ?? 0);
    }
  }
}

/**
 * One line's seats and its date's in one statement (the checkout of one ticket type, the hot path): the
 * same two guarded UPDATEs, the date's only once the type's row is taken. A `false` tells which did not fit.
 */
const takeOneLine = namedStatement<{ seats: boolean; date: boolean }>(
  'checkout_take_seats',
  `with seats as (
     update ticket_inventory set sold = sold + $2 where id = $1 and sold + $2 <= capacity returning id
   ), date as (
     update event_occurrences set sold = sold + $2
     where id = $3 and (capacity is null or sold + $2 <= capacity) and exists (select 1 from seats)
     returning id
   )
   select exists (select 1 from seats) as seats, $3::uuid is null or exists (select 1 from date) as date`,
);

async function reserveOneLine(tx: Tx, occurrenceId: string | null, line: SeatClaim['lines'][number]) {
  const { rows } = await takeOneLine(tx, [line.inventoryId, line.quantity, occurrenceId]);
  const taken = rows[0];
  if (taken?.seats && taken.date) return;
  if (!taken?.seats) {
    const left = await tx.execute<{ left: number }>(
      sql`select greatest(capacity - sold, 0)::int as left from ticket_inventory where id = ${line.inventoryId}`,
    );
    throw new SoldOut(line.index, line.name, Math.min(left.rows[0]?.left ?? 0, line.quantity - 1));
  }
  const left = await tx.execute<{ left: number }>(
    sql`select greatest(capacity - sold, 0)::int as left from event_occurrences where id = ${occurrenceId}`,
  );
  throw new SoldOut(line.index, line.name, left.rows[0]?.left ?? 0);
}

/** Gives seats back (the reverse guarded UPDATE); call it only on the change that ends the hold. */
export async function releaseSeats(tx: Tx, claim: SeatClaim): Promise<void> {
  const ordered = [...claim.lines].sort((a, b) => (a.inventoryId < b.inventoryId ? -1 : 1));
  for (const line of ordered) {
    await tx.execute(
      sql`update ticket_inventory set sold = sold - ${line.quantity}
          where id = ${line.inventoryId} and sold >= ${line.quantity}`,
    );
  }
  if (claim.occurrenceId) {
    const total = claim.lines.reduce((sum, line) => sum + line.quantity, 0);
    await tx.execute(
      sql`update event_occurrences set sold = sold - ${total} where id = ${claim.occurrenceId} and sold >= ${total}`,
    );
  }
}

/** `retakeSeats`'s other claim (the order's promo code use) was refused. */
class AlsoRefused extends Error {}

/**
 * Re-takes the seats of a booking whose hold ended, in a savepoint, with `alsoTake` (what else the hold
 * had given back) in the same savepoint: false (and nothing kept) when either is gone.
 */
export async function retakeSeats(
  tx: Tx,
  booking: BookingRow,
  alsoTake?: (savepoint: Tx) => Promise<boolean>,
): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await reserveSeats(savepoint, await claimOf(savepoint, booking));
      if (alsoTake && !(await alsoTake(savepoint))) throw new AlsoRefused();
    });
    return true;
  } catch (error) {
    if (error instanceof SoldOut || error instanceof AlsoRefused) return false;
    throw error;
  }
}

/** Gives back the seats a stored booking holds (the change that ends its hold calls it, once). */
export async function releaseSeatsOf(tx: Tx, booking: BookingRow): Promise<void> {
  await releaseSeats(tx, await claimOf(tx, booking));
}
