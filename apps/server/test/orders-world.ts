import { type BookingFixtureResult, insertBooking } from './booking-fixtures.js';
import { type EventWorld, eventWorld, insertEvent } from './event-fixtures.js';
import type { TestApp } from './helpers.js';

/**
 * The orders every order test reads (test-only; imported by *.test.ts): around the event world's
 * organization (owner, administrator, event organizer, scanner, unassigned member, other organizer):
 *
 * - `jazz`: the organizer's event (organizer + scanner on its team), two ticket types, Europe/London:
 *   `ada` CONFIRMED 3 seats (2 + 1, named attendees, one scanned), `fan` HELD "100% Fan",
 *   `late` EXPIRED, `absorbed` CONFIRMED with the fee absorbed, `adaAgain` CONFIRMED by ADA@… in capitals.
 * - `gala`: an event of the same organization where the organizer is only a scanner: `galaOrder`.
 * - `elsewhere`: the other organizer's event: `foreign` (also bought by "Ada Lovelace").
 */
export async function ordersWorld(t: TestApp) {
  const w: EventWorld = await eventWorld(t);
  const jazz = await w.event({
    title: 'Harbour Jazz Night',
    ticketTypes: 2,
    values: { timeZone: 'Europe/London', slug: 'harbour-jazz-night' },
  });
  const gala = await insertEvent(t.db, {
    organizationId: w.organization.id,
    title: 'Winter Gala',
    team: [{ memberId: w.members.organizer.id, role: 'SCANNER' }],
  });
  const elsewhere = await insertEvent(t.db, {
    organizationId: w.otherOrganization.id,
    title: 'Elsewhere Fair',
  });

  const ada = await insertBooking(t.db, {
    event: jazz,
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test', userId: w.buyer.user.id },
    lines: [
      { type: 0, quantity: 2 },
      { type: 1, quantity: 1 },
    ],
    attendees: ['Ada Lovelace', 'Charles Babbage', 'Mary Somerville'],
    scanned: 1,
    // 23:30 UTC on Mar 4 is already Mar 5 in Sydney.
    createdAt: new Date('2026-03-04T23:30:00Z'),
    code: 'ADA23456',
  });
  const fan = await insertBooking(t.db, {
    event: jazz,
    status: 'HELD',
    buyer: { name: '100% Fan', email: 'fan_club@example.test' },
    createdAt: new Date('2026-03-05T12:00:00Z'),
    code: 'FAN23456',
  });
  const late = await insertBooking(t.db, {
    event: jazz,
    status: 'EXPIRED',
    buyer: { name: 'Late Larry', email: 'larry@example.test' },
    createdAt: new Date('2026-03-06T12:00:00Z'),
    code: 'LATE2345',
  });
  const absorbed = await insertBooking(t.db, {
    event: jazz,
    feePaidBy: 'ABSORBED',
    buyer: { name: 'Zed Absorbed', email: 'zed@example.test' },
    lines: [{ type: 1, quantity: 4 }],
    createdAt: new Date('2026-03-07T12:00:00Z'),
    code: 'ZED23456',
  });
  const adaAgain = await insertBooking(t.db, {
    event: jazz,
    buyer: { name: 'Ada King', email: 'ADA@example.test' },
    createdAt: new Date('2026-03-08T12:00:00Z'),
    code: 'ADA34567',
  });
  const galaOrder = await insertBooking(t.db, {
    event: gala,
    buyer: { name: 'Gus Gala', email: 'gus@example.test' },
    createdAt: new Date('2026-03-09T12:00:00Z'),
    code: 'GUS23456',
  });
  const foreign = await insertBooking(t.db, {
    event: elsewhere,
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
    createdAt: new Date('2026-03-10T12:00:00Z'),
    code: 'FOR23456',
  });
  const bookings = { ada, fan, late, absorbed, adaAgain, galaOrder, foreign };
  return { ...w, jazz, gala, elsewhere, bookings };
}

export type OrdersWorld = Awaited<ReturnType<typeof ordersWorld>>;
export type { BookingFixtureResult };

/** Codes of a list's items, in order. */
export const codes = (items: { code: string }[]) => items.map((i) => i.code);
