import type { RefundableTicket, RefundQuote, RefundView } from '@marquee/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  bookings,
  eventOccurrences,
  events,
  eventTicketTypes,
  organizations,
  refundRequestTickets,
  refunds,
  refundTickets,
  tickets,
  users,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { organizerHeld } from '../repo/funds.js';
import { type FeePayer, paidFor, refundableOf } from '../refund-math.js';

/** Reads of the refund engine: what a booking can still refund, its refunds, an event's whole refund. */
export function createRefundViews(db: Db) {
  async function feeSetting(bookingId: string) {
    const [row] = await db
      .select({ booking: bookings, refundServiceFee: organizations.refundServiceFee })
      .from(bookings)
      .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
      .where(eq(bookings.id, bookingId));
    if (!row) throw notFound('The order');
    return row;
  }

  return {
    async refundableTickets(bookingId: string, refundServiceFee?: boolean): Promise<RefundableTicket[]> {
      const { booking, refundServiceFee: setting } = await feeSetting(bookingId);
      const withFee = refundServiceFee ?? setting;
      const rows = await db
        .select({
          ticket: tickets,
          typeName: eventTicketTypes.name,
          startsAt: eventOccurrences.startsAt,
          requestId: refundRequestTickets.requestId,
        })
        .from(tickets)
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, tickets.ticketTypeId))
        .leftJoin(eventOccurrences, eq(eventOccurrences.id, tickets.occurrenceId))
        .leftJoin(
          refundRequestTickets,
          and(eq(refundRequestTickets.ticketId, tickets.id), eq(refundRequestTickets.status, 'REQUESTED')),
        )
        .where(eq(tickets.bookingId, bookingId))
        .orderBy(asc(tickets.createdAt), asc(tickets.id));
      const feePaidBy = booking.feePaidBy as FeePayer;
      return rows.map(({ ticket, typeName, startsAt, requestId }) => {
        const { refundable } = refundableOf(ticket, feePaidBy, withFee);
        return {
          _id: ticket.id,
          ticketTypeName: typeName,
          attendeeName: ticket.attendeeName,
          status: ticket.status,
          occurrence:
            ticket.occurrenceId && startsAt
              ? { _id: ticket.occurrenceId, startsAt: startsAt.toISOString() }
              : null,
          paid: paidFor(ticket, feePaidBy),
          fee: ticket.fee,
          refunded: ticket.refunded,
          refundable,
          selectable:
            booking.status === 'CONFIRMED' &&
            (ticket.status === 'VALID' || (ticket.status === 'REFUNDED' && refundable > 0)),
          requestId: requestId ?? null,
        };
      });
    },

    async refundsOf(bookingId: string): Promise<RefundView[]> {
      const rows = await db
        .select({
          refund: refunds,
          code: bookings.code,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(refunds)
        .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
        .leftJoin(users, eq(users.id, refunds.initiatedBy))
        .where(eq(refunds.bookingId, bookingId))
        .orderBy(desc(refunds.createdAt), desc(refunds.id));
      const ids = rows.map((r) => r.refund.id);
      const shares = ids.length
        ? await db
            .select()
            .from(refundTickets)
            .where(inArray(refundTickets.refundId, ids))
            .orderBy(asc(refundTickets.ticketId))
        : [];
      return rows.map(({ refund, code, firstName, lastName }) => ({
        _id: refund.id,
        bookingId: refund.bookingId,
        bookingCode: code,
        status: refund.status,
        source: refund.source,
        currency: refund.currency,
        amount: refund.amount,
        feePart: refund.feePart,
        organizerPart: refund.organizerPart,
        ticketIds: shares.filter((s) => s.refundId === refund.id).map((s) => s.ticketId),
        reason: refund.reason,
        failureReason: refund.status === 'PROCESSED' ? null : refund.lastError,
        initiatedBy: firstName || lastName ? `${firstName} ${lastName}`.trim() : null,
        createdAt: refund.createdAt.toISOString(),
        processedAt: refund.processedAt?.toISOString() ?? null,
      }));
    },

    /**
     * Everything refundable on every confirmed booking of an event (its cancellation), with the same
     * per-ticket rules as one refund, summed in SQL.
     */
    async quoteEvent(
      eventId: string,
      refundServiceFee?: boolean,
    ): Promise<{ quote: Omit<RefundQuote, 'tickets'>; bookings: number; tickets: number; currency: string }> {
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
    },
  };
}
