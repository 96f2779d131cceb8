import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';

/**
 * A code's uses, decided in PostgreSQL (docs/promo-codes.md). An order takes a use in the transaction
 * that holds its seats and marks itself `promo_use_held`; whatever ends the order (expiry, failure,
 * cancellation, a full refund) clears the mark with a guarded UPDATE and gives the use back, so a use
 * comes back once however many changes race.
 */

export type ReserveOutcome = 'TAKEN' | 'USED_UP' | 'PER_BUYER';

/**
 * Takes one use of `codeId` for `bookingId` (already inserted in `tx`). The guarded UPDATE locks the
 * code's row, so every order of the code passes here one at a time until COMMIT: the per-buyer count
 * read after it sees every committed order of the code.
 */
export async function reserveUse(
  tx: Tx,
  use: { codeId: string; bookingId: string; email: string },
): Promise<ReserveOutcome> {
  const taken = await tx.execute<{ perBuyer: number | null }>(sql`
    update promo_codes set uses = uses + 1
    where id = ${use.codeId} and (max_uses is null or uses < max_uses)
    returning max_uses_per_buyer as "perBuyer"`);
  const row = taken.rows[0];
  if (!row) return 'USED_UP';
  if (row.perBuyer !== null) {
    const mine = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from bookings
      where promo_code_id = ${use.codeId} and promo_use_held and id <> ${use.bookingId}
        and lower(buyer_email) = ${use.email.toLowerCase()}`);
    if ((mine.rows[0]?.n ?? 0) >= row.perBuyer) return 'PER_BUYER';
  }
  await tx.execute(sql`update bookings set promo_use_held = true where id = ${use.bookingId}`);
  return 'TAKEN';
}

/**
 * Gives back the use an order holds, once: `whenFullyRefunded` only when none of its tickets is left
 * unrefunded. True when a use came back.
 */
export async function releaseUse(tx: Tx, bookingId: string, whenFullyRefunded = false): Promise<boolean> {
  const refundedOnly = whenFullyRefunded
    ? sql`and not exists (select 1 from tickets t where t.booking_id = b.id and t.status <> 'REFUNDED')`
    : sql``;
  const released = await tx.execute(sql`
    with ended as (
      update bookings b set promo_use_held = false
      where b.id = ${bookingId} and b.promo_use_held ${refundedOnly}
      returning b.promo_code_id
    )
    update promo_codes p set uses = p.uses - 1
    from ended where p.id = ended.promo_code_id and p.uses > 0
    returning p.id`);
  return released.rows.length > 0;
}

/**
 * Takes the use again for an order paid after its hold ended (and gave the use back): false when the
 * code has no use left for it, and nothing changed.
 */
export async function retakeUse(tx: Tx, bookingId: string): Promise<boolean> {
  const rows = await tx.execute<{ codeId: string | null; email: string; held: boolean }>(sql`
    select promo_code_id as "codeId", buyer_email as email, promo_use_held as held
    from bookings where id = ${bookingId}`);
  const booking = rows.rows[0];
  if (!booking?.codeId || booking.held) return true;
  return (await reserveUse(tx, { codeId: booking.codeId, bookingId, email: booking.email })) === 'TAKEN';
}

/** The uses a buyer's orders hold now (a hint for the buyer's check; checkout decides under the lock). */
export async function usesByBuyer(db: DbOrTx, codeId: string, email: string): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings
    where promo_code_id = ${codeId} and promo_use_held and lower(buyer_email) = ${email.toLowerCase()}`);
  return rows.rows[0]?.n ?? 0;
}
