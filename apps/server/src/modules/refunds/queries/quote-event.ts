import type { RefundQuote } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { bookings, events, organizations, tickets } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { organizerHeld } from '../repo/funds.js';

/** An event's cancellation refunds summed: the quote, and how many bookings and tickets it covers. */
export type EventQuote = {
  quote: Omit<RefundQuote, 'tickets'>;
  bookings: number;
  tickets: number;
  currency: string;
};

/**
 * Everything refundable on every confirmed booking of an event (its cancellation), with the same
 * per-ticket rules as one refund, summed in SQL.
 */
export async function quoteEvent(
  db: DbOrTx,
  eventId: string,
  refundServiceFee?: boolean,
): Promise<EventQuote> {
  const [event] = await db
    .select({
      organizationId: events.organizationId,
      currency: organizations.currency,
      setting: organizations.refundServiceFee,
    })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, eventId));
  if (!event) throw notFound('The event');
  const withFee = refundServiceFee ?? event.setting;
  const cap = withFee
    ? sql`${tickets.price} + case when ${bookings.feePaidBy} = 'BUYER' then ${tickets.fee} else 0 end`
    : sql`${tickets.price}`;
  const refundable = sql`greatest(0, ${cap} - ${tickets.refunded})`;
  const feeRefundable = withFee
    ? sql`greatest(0, least(${tickets.fee} - ${tickets.feeRefunded}, ${refundable}))`
    : sql`0`;
  const [sums] = await db
    .select({
      amount: sql<string>`coalesce(sum(${refundable}), 0)`,
      feePart: sql<string>`coalesce(sum(${feeRefundable}), 0)`,
      bookings: sql<string>`count(distinct ${bookings.id})`,
      tickets: sql<string>`count(*)`,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(
      and(
        eq(tickets.eventId, eventId),
        eq(bookings.status, 'CONFIRMED'),
        sql`(${tickets.status} = 'VALID' or (${tickets.status} = 'REFUNDED' and ${refundable} > 0))`,
      ),
    );
  const amount = Number(sums?.amount ?? 0);
  const feePart = Number(sums?.feePart ?? 0);
  const organizerPart = amount - feePart;
  const held = await organizerHeld(db, event.organizationId, event.currency);
  return {
    currency: event.currency,
    bookings: Number(sums?.bookings ?? 0),
    tickets: Number(sums?.tickets ?? 0),
    quote: {
      currency: event.currency,
      amount,
      feePart,
      organizerPart,
      refundServiceFee: withFee,
      organizerHeld: held,
      due: Math.max(0, organizerPart - held),
      organizerBalanceAfter: Math.max(0, held - organizerPart),
    },
  };
}
