import type { OutgoingMessageFilters, OutgoingMessageItem } from '@marquee/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.js';
import { countUpTo, defineList, paged } from '../../../db/list.js';
import { bookings, events, outgoingMessages } from '../../../db/schema/index.js';
import type { OutgoingMessageRow } from '../repo.js';

type Filters = z.output<typeof OutgoingMessageFilters>;

/** A row as administrators see it, with its order's code and event's title when those still exist. */
export async function outgoingMessageItems(
  db: DbOrTx,
  rows: OutgoingMessageRow[],
): Promise<OutgoingMessageItem[]> {
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  const eventIds = [...new Set(rows.flatMap((r) => (r.eventId ? [r.eventId] : [])))];
  const [orders, titled] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: bookings.id, code: bookings.code })
          .from(bookings)
          .where(inArray(bookings.id, orderIds))
      : [],
    eventIds.length
      ? db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, eventIds))
      : [],
  ]);
  const codeOf = new Map(orders.map((o) => [o.id, o.code]));
  const titleOf = new Map(titled.map((e) => [e.id, e.title]));
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind,
    channel: r.channel,
    recipient: r.recipient,
    orderCode: (r.orderId && codeOf.get(r.orderId)) ?? null,
    eventTitle: (r.eventId && titleOf.get(r.eventId)) ?? null,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One row as administrators see it (the answer to a retry). */
export async function outgoingMessageItem(db: DbOrTx, row: OutgoingMessageRow): Promise<OutgoingMessageItem> {
  const [item] = await outgoingMessageItems(db, [row]);
  return item as OutgoingMessageItem;
}

/**
 * get-outgoing-message-list (docs/operations.md, "Outgoing messages"): newest first, the id breaking
 * ties between messages one change enqueued at the same instant.
 */
export function createOutgoingMessageList(db: Db) {
  const list = defineList({
    search: [outgoingMessages.recipient],
    sort: {
      fields: { createdAt: outgoingMessages.createdAt },
      default: [desc(outgoingMessages.createdAt)],
      tieBreaker: outgoingMessages.id,
    },
    rows: (window) => paged(db.select().from(outgoingMessages).$dynamic(), window),
    count: (where, upTo) =>
      countUpTo(db, db.select({ one: sql`1` }).from(outgoingMessages).where(where).$dynamic(), upTo),
    // Every email the platform sends is a row kept after it is sent: the table only grows.
    total: 'capped',
    items: (rows) => outgoingMessageItems(db, rows),
  });
  return (query: Filters) =>
    list({ ...query, sort: undefined }, [
      query.status ? eq(outgoingMessages.status, query.status) : undefined,
      query.kind ? eq(outgoingMessages.kind, query.kind) : undefined,
    ]);
}
