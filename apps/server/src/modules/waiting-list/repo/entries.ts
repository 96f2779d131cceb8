import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  waitingListEntries as entries,
  type WaitingListEntryRow,
  type WaitingListStatus,
} from '../../../db/schema/index.js';

export type { WaitingListEntryRow };

export async function insertEntry(
  tx: DbOrTx,
  values: typeof entries.$inferInsert,
): Promise<WaitingListEntryRow> {
  const [row] = await tx.insert(entries).values(values).returning();
  if (!row) throw new Error('the waiting list entry was not stored');
  return row;
}

/** Whether this address already waits (or holds an offer) on this line. */
export async function activeEntryOf(tx: DbOrTx, inventoryId: string, email: string) {
  const [row] = await tx
    .select({ id: entries.id })
    .from(entries)
    .where(
      and(
        eq(entries.inventoryId, inventoryId),
        sql`lower(${entries.email}) = lower(${email})`,
        sql`${entries.status} in ('WAITING', 'OFFERED')`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The entry a link opens: its id with the join token's or the offer token's hash; null otherwise. */
export async function entryByToken(db: DbOrTx, entryId: string, tokenHash: string) {
  const [row] = await db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.id, entryId),
        or(eq(entries.accessTokenHash, tokenHash), eq(entries.offerTokenHash, tokenHash)),
      ),
    );
  return row ?? null;
}

export async function entryOfEvent(db: DbOrTx, eventId: string, entryId: string) {
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.id, entryId), eq(entries.eventId, eventId)));
  return row ?? null;
}

export async function lockEntry(tx: DbOrTx, entryId: string) {
  const [row] = await tx.select().from(entries).where(eq(entries.id, entryId)).for('update');
  return row ?? null;
}

/** The first person waiting on a line, locked (the pool row is locked first, so offers go in order). */
export async function nextWaiting(tx: DbOrTx, inventoryId: string) {
  const [row] = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.inventoryId, inventoryId), eq(entries.status, 'WAITING')))
    .orderBy(asc(entries.seq))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Moves an entry between statuses with a guarded UPDATE; null when it was not in `from`. */
export async function moveEntry(
  tx: DbOrTx,
  entryId: string,
  from: WaitingListStatus[],
  set: Partial<typeof entries.$inferInsert> & { status: WaitingListStatus; updatedAt: Date },
) {
  const [row] = await tx
    .update(entries)
    .set(set)
    .where(
      and(
        eq(entries.id, entryId),
        sql`${entries.status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Offers whose time has run out, claimed for this sweep (another sweep skips them). */
export async function dueOffers(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select()
    .from(entries)
    .where(
      and(eq(entries.status, 'OFFERED'), sql`${entries.offerExpiresAt} <= ${now.toISOString()}::timestamptz`),
    )
    .orderBy(asc(entries.offerExpiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** 1-based place among those still waiting on the entry's line. */
export async function positionOf(db: DbOrTx, entry: WaitingListEntryRow): Promise<number | null> {
  if (entry.status !== 'WAITING') return null;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(entries)
    .where(
      and(
        eq(entries.inventoryId, entry.inventoryId),
        eq(entries.status, 'WAITING'),
        sql`${entries.seq} < ${entry.seq}`,
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/**
 * The checkout takes an offer: OFFERED → ACCEPTED only while its deadline has not passed, decided by
 * the row itself (a guarded UPDATE), so an offer is used once and never late. Null otherwise.
 */
export async function acceptEntry(tx: DbOrTx, entryId: string, bookingId: string, now: Date) {
  const [row] = await tx
    .update(entries)
    .set({ status: 'ACCEPTED', bookingId, updatedAt: now })
    .where(
      and(
        eq(entries.id, entryId),
        eq(entries.status, 'OFFERED'),
        sql`${entries.offerExpiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
}
