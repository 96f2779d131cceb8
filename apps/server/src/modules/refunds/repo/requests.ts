import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import {
  type BookingRow,
  bookings,
  type RefundRequestRow,
  reasons,
  refundRequests,
  refundRequestTickets,
} from '../../../db/schema/index.js';
import type { Change } from '../../../db/unit-of-work.js';
import { tokenOpensBooking } from '../../booking/index.js';

type ReasonRow = typeof reasons.$inferSelect;
type RequestTicketStatus = (typeof refundRequestTickets.$inferSelect)['status'];

/**
 * The booking a buyer's token opens (the booking's token is the buyer's only credential, as on the
 * ticket page), by booking's own check (`tokenOpensBooking`); undefined for any other pair.
 */
export async function bookingByToken(
  dbx: DbOrTx,
  bookingId: string,
  token: string,
): Promise<BookingRow | undefined> {
  const [row] = await dbx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), tokenOpensBooking(token)));
  return row;
}

/** The active reasons of one kind, in their order. */
export function activeReasons(dbx: DbOrTx, kind: 'REFUND_REQUEST' | 'REFUND_DECLINE') {
  return dbx
    .select()
    .from(reasons)
    .where(and(eq(reasons.kind, kind), eq(reasons.status, 'ACTIVE')))
    .orderBy(asc(reasons.order), asc(reasons.text), asc(reasons.id));
}

export async function activeReason(
  dbx: DbOrTx,
  reasonId: string,
  kind: 'REFUND_REQUEST' | 'REFUND_DECLINE',
): Promise<ReasonRow | undefined> {
  const [reason] = await dbx
    .select()
    .from(reasons)
    .where(and(eq(reasons.id, reasonId), eq(reasons.kind, kind), eq(reasons.status, 'ACTIVE')));
  return reason;
}

/** The request and its tickets (the partial unique index keeps a ticket in one waiting request). */
export async function insertRequest(
  tx: Tx,
  values: typeof refundRequests.$inferInsert,
  tickets: { ticketId: string; amount: number }[],
): Promise<RefundRequestRow> {
  const [row] = await tx.insert(refundRequests).values(values).returning();
  if (!row) throw new Error('refund request not inserted');
  await tx.insert(refundRequestTickets).values(tickets.map((t) => ({ requestId: row.id, ...t })));
  return row;
}

export async function lockRequest(change: Change, requestId: string): Promise<RefundRequestRow | undefined> {
  const [request] = await change.lock(refundRequests, eq(refundRequests.id, requestId));
  return request;
}

/**
 * A decision on a request's waiting tickets (chosen ones, or all when `chosen` is null): a guarded
 * UPDATE … WHERE status = 'REQUESTED', so two decisions racing on one ticket cannot both win.
 */
export async function decideRequestTickets(
  tx: Tx,
  requestId: string,
  chosen: string[] | null,
  status: Extract<RequestTicketStatus, 'APPROVED' | 'DECLINED'>,
) {
  return tx
    .update(refundRequestTickets)
    .set({ status })
    .where(
      and(
        eq(refundRequestTickets.requestId, requestId),
        eq(refundRequestTickets.status, 'REQUESTED'),
        chosen ? inArray(refundRequestTickets.ticketId, chosen) : undefined,
      ),
    )
    .returning({ ticketId: refundRequestTickets.ticketId, amount: refundRequestTickets.amount });
}

/** Approved tickets whose money never moved (no refund points at them) wait again. */
export async function reopenApprovedTickets(tx: Tx, requestId: string, ticketIds: string[]) {
  return tx
    .update(refundRequestTickets)
    .set({ status: 'REQUESTED' })
    .where(
      and(
        eq(refundRequestTickets.requestId, requestId),
        inArray(refundRequestTickets.ticketId, ticketIds),
        eq(refundRequestTickets.status, 'APPROVED'),
        isNull(refundRequestTickets.refundId),
      ),
    )
    .returning({ ticketId: refundRequestTickets.ticketId });
}

/** Who decided last, and how (a decline's reason and note). */
export async function recordDecision(
  tx: Tx,
  requestId: string,
  decision: Pick<
    typeof refundRequests.$inferInsert,
    'decidedBy' | 'decidedAt' | 'declineReasonId' | 'declineReasonText' | 'declineNote'
  >,
) {
  await tx.update(refundRequests).set(decision).where(eq(refundRequests.id, requestId));
}
