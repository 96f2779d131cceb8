import type { Change } from '../../../db/unit-of-work.js';
import { releasePromoUse } from '../../promo-codes/index.js';
import { addTimeline, type BookingRow, endHeldOrder } from '../repo/orders.js';
import { releaseSeatsOf } from '../repo/seats.js';

/**
 * Ends a HELD order (FAILED or CANCELLED), gives its seats back and records why, in the caller's unit
 * of work; null (nothing changed) when it was not HELD. Only the change that ends the hold releases
 * its seats, so they come back once.
 */
export async function endHold(
  change: Change,
  bookingId: string,
  end: {
    to: 'FAILED' | 'CANCELLED';
    timeline: { kind: string; detail: string };
    audit: { action: string; after?: object };
  },
): Promise<BookingRow | null> {
  const ended = await endHeldOrder(change, bookingId, end.to);
  if (!ended) return null;
  await releaseSeatsOf(change.tx, ended);
  await releasePromoUse(change.tx, ended.id);
  await addTimeline(change.tx, ended.id, end.timeline.kind, end.timeline.detail, change.now);
  await change.audit({
    action: end.audit.action,
    entityType: 'BOOKING',
    entityId: ended.id,
    organizationId: ended.organizationId,
    before: { status: 'HELD' },
    after: { status: end.to, ...end.audit.after },
  });
  return ended;
}
