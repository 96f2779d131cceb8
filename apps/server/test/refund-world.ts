import * as c from '@marquee/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { bookings, ledgerEntries, organizations, payments, tickets } from '../src/db/schema/index.js';
import { book, guest, sellableEvent } from './checkout-fixtures.js';
import type { TestApp } from './helpers.js';

/**
 * A confirmed, paid booking made the way buyers make them: create-booking through HTTP, then the
 * sandbox payment settled as its webhook would (docs/selling.md). For refund tests.
 */
export async function paidBooking(
  t: TestApp,
  options: {
    quantity?: number;
    price?: number;
    paidBy?: 'BUYER' | 'ABSORBED';
    refundServiceFee?: boolean;
    pricing?: 'PAID' | 'FREE';
    /** Another booking of the same event instead of a new event. */
    on?: Awaited<ReturnType<typeof sellableEvent>>;
  } = {},
) {
  const world =
    options.on ??
    (await sellableEvent(t, {
      types: [{ pricing: options.pricing ?? 'PAID', price: options.price ?? 2500, seats: 500 }],
      paidBy: options.paidBy,
      maxTicketsPerOrder: 50,
    }));
  if (options.refundServiceFee !== undefined) {
    await t.db
      .update(organizations)
      .set({ refundServiceFee: options.refundServiceFee })
      .where(eq(organizations.id, world.event.organizationId));
  }
  const type = world.ticketTypes[0];
  if (!type) throw new Error('fixture: no ticket type');
  const made = await book(t, {
    eventId: world.event.id,
    lines: [{ ticketTypeId: type.id, quantity: options.quantity ?? 3 }],
    buyer: guest,
  });
  if (made.status !== 200) throw new Error(`fixture booking: ${made.status} ${JSON.stringify(made.body)}`);
  const bookingId = made.body.result._id;
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (payment?.providerRef) {
    await t.app.settlement.settle({
      provider: 'sandbox',
      providerRef: payment.providerRef,
      outcome: 'SUCCEEDED',
    });
  }
  const state = await bookingState(t, bookingId);
  const [ticket] = state.tickets;
  if (!ticket) throw new Error('fixture: the booking has no tickets');
  return { ...world, type, bookingId, ticket, ticketIds: state.tickets.map((x) => x.id), ...state };
}

export async function bookingState(t: TestApp, bookingId: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error('fixture: booking missing');
  const seats = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  return { booking, tickets: seats };
}

/** Posting groups whose entries do not add up to zero (must be none). */
export async function unbalancedGroups(t: TestApp) {
  const rows = await t.db
    .select({ groupId: ledgerEntries.groupId, sum: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.groupId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  return rows;
}

export { c };
