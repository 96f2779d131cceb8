import type { AttendeeMessageDetail, AttendeeMessageSummary } from '@marquee/contract';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { attendeeMessages, outgoingMessages } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';

export const ATTENDEE_MESSAGE_KIND = 'attendee-message';

type Row = typeof attendeeMessages.$inferSelect;

/**
 * Waiting and failed outgoing messages per send. Only SENT rows are ever purged (retention), so what
 * is neither waiting nor failed was delivered: counted from the unsent rows alone, on their index.
 */
async function unsentCounts(db: DbOrTx, eventId: string, ids: string[]) {
  const counts = new Map<string, { pending: number; failed: number }>();
  if (ids.length === 0) return counts;
  const messageId = sql<string>`${outgoingMessages.data} ->> 'attendeeMessageId'`;
  const rows = await db
    .select({ id: messageId, status: outgoingMessages.status, n: sql<number>`count(*)::int` })
    .from(outgoingMessages)
    .where(
      and(
        ne(outgoingMessages.status, 'SENT'),
        eq(outgoingMessages.kind, ATTENDEE_MESSAGE_KIND),
        eq(outgoingMessages.eventId, eventId),
        inArray(messageId, ids),
      ),
    )
    .groupBy(messageId, outgoingMessages.status);
  for (const row of rows) {
    const entry = counts.get(row.id) ?? { pending: 0, failed: 0 };
    if (row.status === 'FAILED') entry.failed += row.n;
    else entry.pending += row.n;
    counts.set(row.id, entry);
  }
  return counts;
}

function summary(row: Row, counts: { pending: number; failed: number } | undefined): AttendeeMessageSummary {
  const pending = counts?.pending ?? 0;
  const failed = counts?.failed ?? 0;
  return {
    _id: row.id,
    subject: row.subject,
    audience: { kind: row.audience.kind, label: row.audienceLabel },
    sender: { name: row.senderName, email: row.senderEmail },
    recipients: row.recipientCount,
    delivered: Math.max(0, row.recipientCount - pending - failed),
    failed,
    pending,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function attendeeMessageSummary(db: DbOrTx, row: Row): Promise<AttendeeMessageSummary> {
  const counts = await unsentCounts(db, row.eventId, [row.id]);
  return summary(row, counts.get(row.id));
}

/** An event's sends, newest first (created, then id: a total order). */
export async function attendeeMessageList(
  db: DbOrTx,
  query: { eventId: string; page: number; limit: number },
) {
  const where = eq(attendeeMessages.eventId, query.eventId);
  const rows = await db
    .select()
    .from(attendeeMessages)
    .where(where)
    .orderBy(desc(attendeeMessages.createdAt), desc(attendeeMessages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(attendeeMessages).where(where);
  const counts = await unsentCounts(
    db,
    query.eventId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((row) => summary(row, counts.get(row.id))),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** One send of the event, with its text; another event's id is not found. */
export async function attendeeMessageDetail(
  db: DbOrTx,
  query: { eventId: string; messageId: string },
): Promise<AttendeeMessageDetail> {
  const [row] = await db
    .select()
    .from(attendeeMessages)
    .where(and(eq(attendeeMessages.id, query.messageId), eq(attendeeMessages.eventId, query.eventId)));
  if (!row) throw notFound('The message');
  return { ...(await attendeeMessageSummary(db, row)), body: row.body };
}
