import { randomBytes, randomUUID } from 'node:crypto';
import type { BookingStatus } from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';
import {
  bookingEvents,
  bookingLines,
  bookings,
  ledgerEntries,
  payments,
  ticketInventory,
  tickets,
} from '../src/db/schema/index.js';
import { type FeeRate, serviceFeeOf } from '../src/modules/events/fees.js';
import type { insertEvent } from './event-fixtures.js';

/**
 * Orders written straight to the database with Drizzle (built on event-fixtures.ts), for tests of the
 * organizer's order screens: independent of checkout, and able to make any state (an order placed last
 * year, a scanned ticket, an expired hold). Every CHECK holds: total = organizer amount + service fee,
 * the fee from the one fee function (fees.ts), a confirmed order's ledger group sums to zero, one ticket
 * per seat. Seats are taken on the inventory with the guarded UPDATE when they fit.
 */

export type EventFixtureResult = Awaited<ReturnType<typeof insertEvent>>;

/** The fee rate orders are priced with here (2.5 % + 0.99), as the server's default configuration. */
export const FIXTURE_FEE_RATE: FeeRate = { percentBasisPoints: 250, fixed: 99 };

const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** An order code as people see it: 8 unambiguous letters and digits. */
export function orderCode(): string {
  return Array.from(randomBytes(8), (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');
}

export interface BookingFixture {
  event: EventFixtureResult;
  status?: BookingStatus;
  buyer?: { name?: string; email?: string; userId?: string | null };
  /** Ticket types by index in `event.ticketTypes`, with quantities (default: one of the first type). */
  lines?: { type?: number; quantity: number }[];
  /** Index into `event.occurrences` (default 0); null books the whole course. */
  occurrence?: number | null;
  createdAt?: Date;
  feePaidBy?: 'BUYER' | 'ABSORBED';
  /** How many of its tickets were scanned (the first ones). */
  scanned?: number;
  /** Attendee names, ticket by ticket. */
  attendees?: string[];
  code?: string;
  currency?: string;
}

export async function insertBooking(db: DbOrTx, f: BookingFixture) {
  const status = f.status ?? 'CONFIRMED';
  const createdAt = f.createdAt ?? new Date();
  const currency = f.currency ?? 'USD';
  const paidBy = f.feePaidBy ?? 'BUYER';
  const occurrenceIndex = f.occurrence === undefined ? 0 : f.occurrence;
  const occurrence = occurrenceIndex === null ? null : (f.event.occurrences[occurrenceIndex] ?? null);
  const chosen = (f.lines ?? [{ quantity: 1 }]).map((line) => {
    const type = f.event.ticketTypes[line.type ?? 0];
    if (!type) throw new Error(`fixture booking: no ticket type ${line.type}`);
    const inventory = f.event.inventory.find(
      (i) => i.ticketTypeId === type.id && i.occurrenceId === (occurrence?.id ?? null),
    );
    if (!inventory) throw new Error('fixture booking: no inventory row for that type and date');
    const fee = serviceFeeOf(type.pricing, type.price, currency, FIXTURE_FEE_RATE);
    // Absorbed: the organizer pays the fee out of the price, never more than the price.
    const unitFee = paidBy === 'ABSORBED' ? Math.min(fee, type.price) : fee;
    return { type, inventory, quantity: line.quantity, unitPrice: type.price, unitFee };
  });
  const subtotal = chosen.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const serviceFee = chosen.reduce((sum, l) => sum + l.unitFee * l.quantity, 0);
  const total = paidBy === 'BUYER' ? subtotal + serviceFee : subtotal;
  const organizerAmount = total - serviceFee;
  const confirmed = status === 'CONFIRMED';

  const [booking] = await db
    .insert(bookings)
    .values({
      code: f.code ?? orderCode(),
      accessTokenHash: randomBytes(32).toString('hex'),
      eventId: f.event.event.id,
      organizationId: f.event.event.organizationId,
      occurrenceId: occurrence?.id ?? null,
      buyerUserId: f.buyer?.userId ?? null,
      buyerName: f.buyer?.name ?? 'Grace Guest',
      buyerEmail: f.buyer?.email ?? `guest-${randomBytes(4).toString('hex')}@example.test`,
      status,
      currency,
      subtotal,
      serviceFee,
      total,
      organizerAmount,
      feePaidBy: paidBy,
      holdExpiresAt: status === 'HELD' ? new Date(createdAt.getTime() + 10 * 60_000) : null,
      confirmedAt: confirmed ? new Date(createdAt.getTime() + 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!booking) throw new Error('fixture booking');

  const lines = await db
    .insert(bookingLines)
    .values(
      chosen.map((l) => ({
        bookingId: booking.id,
        ticketTypeId: l.type.id,
        inventoryId: l.inventory.id,
        name: l.type.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        unitFee: l.unitFee,
      })),
    )
    .returning();
  if (status === 'HELD' || confirmed) {
    for (const l of chosen) {
      await db
        .update(ticketInventory)
        .set({ sold: sql`${ticketInventory.sold} + ${l.quantity}` })
        .where(
          and(
            eq(ticketInventory.id, l.inventory.id),
            sql`${ticketInventory.sold} + ${l.quantity} <= ${ticketInventory.capacity}`,
          ),
        );
    }
  }

  const seats = chosen.flatMap((l) => Array.from({ length: l.quantity }, () => l));
  const issued = confirmed
    ? await db
        .insert(tickets)
        .values(
          seats.map((l, i) => ({
            bookingId: booking.id,
            eventId: booking.eventId,
            occurrenceId: booking.occurrenceId,
            ticketTypeId: l.type.id,
            code: randomBytes(16).toString('base64url'),
            attendeeName: f.attendees?.[i] ?? null,
            price: l.unitPrice,
            scannedAt: i < (f.scanned ?? 0) ? new Date(createdAt.getTime() + 3_600_000) : null,
            // Issued in seat order, so "as issued" is a stable order.
            createdAt: new Date(createdAt.getTime() + 60_000 + i),
          })),
        )
        .returning()
    : [];

  const paid = total > 0 && status !== 'HELD';
  const [payment] = paid
    ? await db
        .insert(payments)
        .values({
          bookingId: booking.id,
          provider: 'sandbox',
          providerRef: `pi_${randomBytes(8).toString('hex')}`,
          amount: total,
          applicationFee: serviceFee,
          currency,
          status: confirmed ? 'SUCCEEDED' : 'FAILED',
          createdAt,
        })
        .returning()
    : [];

  const groupId = randomUUID();
  const ledger = confirmed
    ? await db
        .insert(ledgerEntries)
        .values(
          (
            [
              ['BUYER_PAYMENTS', total],
              ['PLATFORM_FEES', -serviceFee],
              ['ORGANIZER_PAYABLE', -organizerAmount],
            ] as const
          ).map(([account, amount]) => ({
            groupId,
            bookingId: booking.id,
            organizationId: booking.organizationId,
            account,
            amount,
            currency,
            kind: 'BOOKING_CONFIRMED',
            createdAt: booking.confirmedAt ?? createdAt,
          })),
        )
        .returning()
    : [];

  const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
  const story: [string, Date, string | null][] = [['HELD', at(0), `${seats.length} seats held`]];
  if (paid) story.push(['PAYMENT_STARTED', at(0.5), 'sandbox']);
  if (confirmed) {
    if (paid) story.push(['PAYMENT_SUCCEEDED', at(1), null]);
    story.push(['CONFIRMED', at(1.05), null]);
  }
  if (status === 'EXPIRED') story.push(['EXPIRED', at(10), null]);
  if (status === 'FAILED') story.push(['PAYMENT_FAILED', at(1), 'Card declined']);
  if (status === 'CANCELLED') story.push(['CANCELLED', at(2), null]);
  const timeline = await db
    .insert(bookingEvents)
    .values(story.map(([kind, when, detail]) => ({ bookingId: booking.id, kind, at: when, detail })))
    .returning();

  return { booking, lines, tickets: issued, payment: payment ?? null, ledger, timeline };
}

export type BookingFixtureResult = Awaited<ReturnType<typeof insertBooking>>;

/**
 * Many confirmed one-seat orders at once (export and paging tests), written by PostgreSQL itself with
 * generate_series: one INSERT per table however many. Each gets one ticket; amounts as `insertBooking`
 * prices one ticket of the first type with the buyer paying the fee; created a second apart, newest last.
 */
export async function insertManyBookings(
  db: DbOrTx,
  event: EventFixtureResult,
  count: number,
  options: { startAt?: Date; currency?: string } = {},
) {
  const type = event.ticketTypes[0];
  const occurrence = event.occurrences[0] ?? null;
  const inventory = event.inventory.find(
    (i) => i.ticketTypeId === type?.id && i.occurrenceId === (occurrence?.id ?? null),
  );
  if (!type || !inventory) throw new Error('fixture bookings: the event needs a ticket type and inventory');
  const currency = options.currency ?? 'USD';
  const fee = serviceFeeOf(type.pricing, type.price, currency, FIXTURE_FEE_RATE);
  const start = options.startAt ?? new Date(Date.now() - count * 1000 - 60_000);
  const prefix = randomBytes(3).toString('hex').toUpperCase();
  await db.execute(sql`
    with made as (
      insert into bookings (code, access_token_hash, event_id, organization_id, occurrence_id, buyer_name,
        buyer_email, status, currency, subtotal, service_fee, total, organizer_amount, fee_paid_by,
        confirmed_at, created_at, updated_at)
      select ${prefix} || '-' || lpad(n::text, 6, '0'), md5(random()::text), ${event.event.id},
        ${event.event.organizationId}, ${occurrence?.id ?? null}::uuid, 'Buyer ' || n,
        'buyer' || n || '@example.test', 'CONFIRMED', ${currency}, ${type.price}, ${fee},
        ${type.price + fee}, ${type.price}, 'BUYER',
        ${start.toISOString()}::timestamptz + n * interval '1 second',
        ${start.toISOString()}::timestamptz + n * interval '1 second',
        ${start.toISOString()}::timestamptz + n * interval '1 second'
      from generate_series(1, ${count}) as n
      returning id, created_at, occurrence_id
    ), lined as (
      insert into booking_lines (booking_id, ticket_type_id, inventory_id, name, quantity, unit_price, unit_fee)
      select id, ${type.id}, ${inventory.id}, ${type.name}, 1, ${type.price}, ${fee} from made
    )
    insert into tickets (booking_id, event_id, occurrence_id, ticket_type_id, code, price, created_at, updated_at)
    select id, ${event.event.id}, occurrence_id, ${type.id}, md5(random()::text || id::text), ${type.price},
      created_at, created_at
    from made
  `);
}
