import * as c from '@marquee/contract';
import { emptySelectionMessage, type RouteDef } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { PERSONAS, type Persona } from '../../../test/event-fixtures.js';
import { clientHeaders, createTestApp, type TestApp } from '../../../test/helpers.js';
import { codes, type OrdersWorld, ordersWorld } from '../../../test/orders-world.js';

let t: TestApp;
let w: OrdersWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await ordersWorld(t);
});
afterAll(async () => {
  await t?.close();
});

const list = (who: Persona, query: c.QueryOf<typeof c.organizerBookingList> = {}, zone?: string) =>
  call(t, c.organizerBookingList, {
    query,
    ...(zone ? { headers: { ...clientHeaders(w.tokens[who]), timezone: zone } } : { token: w.tokens[who] }),
  });

describe('who sees which orders', () => {
  it('organizer-booking-list: each persona sees the orders of the events they may read, nothing else', async () => {
    const jazz = ['ADA34567', 'ZED23456', 'LATE2345', 'FAN23456', 'ADA23456'];
    const want: Record<Persona, string[] | number> = {
      owner: ['GUS23456', ...jazz],
      admin: ['FOR23456', 'GUS23456', ...jazz],
      // On the gala the organizer only scans: its orders are not theirs to read.
      organizer: jazz,
      scanner: [],
      unassigned: [],
      otherOrganizer: ['FOR23456'],
      buyer: 403,
    };
    for (const who of PERSONAS) {
      const r = await list(who);
      const expected = want[who];
      if (typeof expected === 'number') {
        expect(`${who}: ${r.status}`).toBe(`${who}: ${expected}`);
        continue;
      }
      expect(r.status, who).toBe(200);
      expect(codes(r.body.result.items), who).toEqual(expected);
      expect(r.body.result.total, who).toBe(expected.length);
    }
  });

  /** Every call naming the jazz event or one of its orders, for each persona. */
  const calls: [RouteDef, () => object][] = [
    [c.organizerBookingDetail, () => ({ bookingId: w.bookings.ada.booking.id })],
    [c.organizerBookingTicketList, () => ({ bookingId: w.bookings.ada.booking.id })],
    [c.viewTicketList, () => ({ eventId: w.jazz.event.id, bookingIds: w.bookings.ada.booking.id })],
    [c.organizerEventBookingList, () => ({ eventId: w.jazz.event.id })],
    [c.organizerEventBookingTicketList, () => ({ eventId: w.jazz.event.id })],
    [c.eventAttendeesList, () => ({ eventId: w.jazz.event.id })],
    [c.eventRegisteredUsers, () => ({ eventId: w.jazz.event.id })],
  ];
  for (const [route, query] of calls) {
    it(`${route.path}: owner, administrator and event organizer read; everyone else gets 404`, async () => {
      const answers: string[] = [];
      for (const who of PERSONAS) {
        const r = await call(t, route, { token: w.tokens[who], query: query() as never });
        answers.push(`${who}: ${r.status}`);
        if (r.status === 404) expect(r.error?.message).toMatch(/^The (event|order) was not found\.$/);
      }
      expect(answers).toEqual([
        'owner: 200',
        'admin: 200',
        'organizer: 200',
        'scanner: 404',
        'unassigned: 404',
        'otherOrganizer: 404',
        'buyer: 404',
      ]);
    });
  }

  it('the other organizer cannot reach the organization’s order, nor the organizer the gala’s', async () => {
    const other = await call(t, c.organizerBookingDetail, {
      token: w.tokens.otherOrganizer,
      query: { bookingId: w.bookings.ada.booking.id },
    });
    expect(other.status).toBe(404);
    expect(other.error?.message).toBe('The order was not found.');
    const gala = await call(t, c.organizerBookingDetail, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.galaOrder.booking.id },
    });
    expect(gala.status).toBe(404);
    const unknown = await call(t, c.organizerBookingDetail, {
      token: w.tokens.admin,
      query: { bookingId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('organizer-booking-list: search, filters, sort, pages', () => {
  it('searches the order code, the buyer’s name and email, case-insensitively', async () => {
    expect(codes((await list('owner', { search: 'ada23' })).body.result.items)).toEqual(['ADA23456']);
    expect(codes((await list('owner', { search: 'lovelace' })).body.result.items)).toEqual(['ADA23456']);
    // The administrator sees the other organization's Ada Lovelace too; the owner does not.
    expect(codes((await list('admin', { search: 'LOVELACE' })).body.result.items)).toEqual([
      'FOR23456',
      'ADA23456',
    ]);
    expect(codes((await list('owner', { search: 'zed@example' })).body.result.items)).toEqual(['ZED23456']);
    expect(codes((await list('owner', { search: 'ada@example.test' })).body.result.items)).toEqual([
      'ADA34567',
      'ADA23456',
    ]);
  });

  it('takes % and _ in a search literally', async () => {
    expect(codes((await list('owner', { search: '%' })).body.result.items)).toEqual(['FAN23456']);
    expect(codes((await list('owner', { search: 'fan_' })).body.result.items)).toEqual(['FAN23456']);
    expect((await list('owner', { search: 'a_a' })).body.result.total).toBe(0);
  });

  it('filters by organization, event, occurrence and status', async () => {
    const byOrg = await list('admin', { organizationId: w.otherOrganization.id });
    expect(codes(byOrg.body.result.items)).toEqual(['FOR23456']);
    // A filter cannot widen the scope: the owner asking for another organization gets nothing.
    expect((await list('owner', { organizationId: w.otherOrganization.id })).body.result.total).toBe(0);
    expect(codes((await list('owner', { eventId: w.gala.event.id })).body.result.items)).toEqual([
      'GUS23456',
    ]);
    const occurrence = w.jazz.occurrences[0]?.id;
    expect((await list('owner', { occurrenceId: occurrence })).body.result.total).toBe(5);
    expect(codes((await list('owner', { status: 'HELD' })).body.result.items)).toEqual(['FAN23456']);
    expect(codes((await list('owner', { status: 'EXPIRED' })).body.result.items)).toEqual(['LATE2345']);
  });

  it('reads from/to as calendar dates in the caller’s time zone header', async () => {
    // Ada ordered at 23:30 UTC on Mar 4: Mar 4 in London, Mar 5 in Sydney.
    const london = await list('owner', { from: '2026-03-04', to: '2026-03-04' }, 'Europe/London');
    expect(codes(london.body.result.items)).toEqual(['ADA23456']);
    const sydney4 = await list('owner', { from: '2026-03-04', to: '2026-03-04' }, 'Australia/Sydney');
    expect(sydney4.body.result.total).toBe(0);
    const sydney5 = await list('owner', { from: '2026-03-05', to: '2026-03-05' }, 'Australia/Sydney');
    // Fan's 12:00 UTC on Mar 5 is 23:00 in Sydney: the same day.
    expect(codes(sydney5.body.result.items)).toEqual(['FAN23456', 'ADA23456']);
    const open = await list('owner', { from: '2026-03-07' }, 'UTC');
    expect(codes(open.body.result.items)).toEqual(['GUS23456', 'ADA34567', 'ZED23456']);
    const until = await list('owner', { to: '2026-03-05' }, 'UTC');
    expect(codes(until.body.result.items)).toEqual(['FAN23456', 'ADA23456']);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const r = await list('owner', { from: '2026-03-05', to: '2026-03-04' });
    expect(r.status).toBe(400);
    expect(r.error?.errors).toEqual([
      { field: 'to', message: 'Choose an end date on or after the start date' },
    ]);
    const bad = await list('owner', { from: 'yesterday' } as never);
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('from');
  });

  it('sorts by createdAt, total, code and buyerName, either way, stably', async () => {
    const sorted = async (sort: string) => codes((await list('organizer', { sort })).body.result.items);
    expect(await sorted('createdAt')).toEqual(['ADA23456', 'FAN23456', 'LATE2345', 'ZED23456', 'ADA34567']);
    expect(await sorted('code')).toEqual(['ADA23456', 'ADA34567', 'FAN23456', 'LATE2345', 'ZED23456']);
    expect(await sorted('-code')).toEqual(['ZED23456', 'LATE2345', 'FAN23456', 'ADA34567', 'ADA23456']);
    expect(await sorted('buyerName')).toEqual(['FAN23456', 'ADA34567', 'ADA23456', 'LATE2345', 'ZED23456']);
    const totals = (await list('organizer', { sort: '-total' })).body.result.items.map((i) => i.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const bad = await list('organizer', { sort: 'buyerEmail' } as never);
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.[0]?.field).toBe('sort');
  });

  it('pages with a total', async () => {
    const first = await list('owner', { limit: 2, page: 1 });
    const third = await list('owner', { limit: 2, page: 3 });
    expect(first.body.result).toMatchObject({ total: 6, page: 1, limit: 2 });
    expect(first.body.result.items).toHaveLength(2);
    expect(third.body.result.items).toHaveLength(2);
    expect(codes(third.body.result.items)).toEqual(['FAN23456', 'ADA23456']);
  });

  it('pages by keyset: each full page answers nextCursor, which reads the next page from where it ended', async () => {
    for (const sort of [undefined, 'code', '-total', 'buyerName']) {
      const followed: string[] = [];
      let cursor: string | undefined;
      for (let page = 1; page <= 4; page++) {
        const r = await list('owner', {
          limit: 2,
          page,
          ...(sort ? { sort } : {}),
          ...(cursor ? { cursor } : {}),
        });
        const numbered = await list('owner', { limit: 2, page, ...(sort ? { sort } : {}) });
        expect(r.status).toBe(200);
        expect(codes(r.body.result.items), `${sort} page ${page}`).toEqual(codes(numbered.body.result.items));
        expect(r.body.result.total).toBe(6);
        followed.push(...codes(r.body.result.items));
        cursor = r.body.result.nextCursor;
        if (!cursor) break;
      }
      expect(new Set(followed).size, String(sort)).toBe(6);
    }
    // The cursor of another filter is ignored: the page is read by its number.
    const first = await list('owner', { limit: 2, page: 1 });
    const other = await list('owner', {
      limit: 2,
      page: 2,
      status: 'CONFIRMED',
      cursor: first.body.result.nextCursor,
    });
    const numbered = await list('owner', { limit: 2, page: 2, status: 'CONFIRMED' });
    expect(codes(other.body.result.items)).toEqual(codes(numbered.body.result.items));
  });

  it('shows each order as the contract says: buyer, event in its zone, date, seats and money', async () => {
    const [ada] = (await list('owner', { search: 'ADA23456' })).body.result.items;
    const booking = w.bookings.ada.booking;
    expect(ada).toEqual({
      _id: booking.id,
      code: 'ADA23456',
      status: 'CONFIRMED',
      buyer: { name: 'Ada Lovelace', email: 'ada@example.test', userId: w.buyer.user.id },
      event: { _id: w.jazz.event.id, title: 'Harbour Jazz Night', kind: 'SINGLE', timeZone: 'Europe/London' },
      organization: { _id: w.organization.id, name: w.organization.name },
      occurrence: { _id: w.jazz.occurrences[0]?.id, startsAt: w.jazz.occurrences[0]?.startsAt.toISOString() },
      ticketCount: 3,
      currency: 'USD',
      subtotal: booking.subtotal,
      serviceFee: booking.serviceFee,
      total: booking.total,
      refunded: 0,
      createdAt: '2026-03-04T23:30:00.000Z',
      confirmedAt: '2026-03-04T23:31:00.000Z',
      // No promo code on this order (docs/promo-codes.md).
      promoCode: null,
      discount: 0,
    });
    expect(ada?.total).toBe(ada ? ada.subtotal + ada.serviceFee : -1);
  });
});

describe('organizer-event-booking-list', () => {
  it('lists one event’s orders with the same search, filters and sort', async () => {
    const r = await call(t, c.organizerEventBookingList, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, status: 'CONFIRMED', sort: 'code' },
    });
    expect(codes(r.body.result.items)).toEqual(['ADA23456', 'ADA34567', 'ZED23456']);
    const searched = await call(t, c.organizerEventBookingList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id, search: 'larry' },
    });
    expect(codes(searched.body.result.items)).toEqual(['LATE2345']);
  });
});

describe('organizer-booking-detail', () => {
  it('shows lines, tickets, payment, ledger lines that sum to zero, and the timeline', async () => {
    const r = await call(t, c.organizerBookingDetail, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.ada.booking.id },
    });
    expect(r.status).toBe(200);
    const d = r.body.result;
    const b = w.bookings.ada.booking;
    expect(d.code).toBe('ADA23456');
    expect(d.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Ticket 1', 2],
      ['Ticket 2', 1],
    ]);
    expect(d.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)).toBe(d.subtotal);
    expect(d.lines.reduce((s, l) => s + l.unitFee * l.quantity, 0)).toBe(d.serviceFee);
    expect(d.organizerAmount).toBe(b.organizerAmount);
    expect(d.feePaidBy).toBe('BUYER');
    expect(d.payment).toEqual({
      provider: 'sandbox',
      reference: w.bookings.ada.payment?.providerRef,
      status: 'SUCCEEDED',
    });
    expect(d.tickets.map((tk) => tk.attendeeName)).toEqual([
      'Ada Lovelace',
      'Charles Babbage',
      'Mary Somerville',
    ]);
    expect(d.tickets.filter((tk) => tk.scannedAt !== null)).toHaveLength(1);
    expect(d.tickets.every((tk) => tk.bookingCode === 'ADA23456' && tk.code.length >= 22)).toBe(true);

    // Double entry: the group sums to zero; the buyer's payment is the total, the payable the organizer's.
    expect(d.ledger).toHaveLength(3);
    expect(d.ledger.reduce((s, l) => s + l.amount, 0)).toBe(0);
    const by = Object.fromEntries(d.ledger.map((l) => [l.account, l.amount]));
    expect(by).toEqual({
      BUYER_PAYMENTS: d.total,
      PLATFORM_FEES: -d.serviceFee,
      ORGANIZER_PAYABLE: -d.organizerAmount,
    });
    expect(new Set(d.ledger.map((l) => l.groupId)).size).toBe(1);

    expect(d.timeline.map((e) => e.kind)).toEqual([
      'HELD',
      'PAYMENT_STARTED',
      'PAYMENT_SUCCEEDED',
      'CONFIRMED',
    ]);
    expect(d.holdExpiresAt).toBeNull();
  });

  it('an absorbed fee: the buyer pays the price, the organizer is owed the price less the fee', async () => {
    const r = await call(t, c.organizerBookingDetail, {
      token: w.tokens.owner,
      query: { bookingId: w.bookings.absorbed.booking.id },
    });
    const d = r.body.result;
    expect(d.feePaidBy).toBe('ABSORBED');
    expect(d.total).toBe(d.subtotal);
    expect(d.organizerAmount).toBe(d.subtotal - d.serviceFee);
    expect(d.ledger.reduce((s, l) => s + l.amount, 0)).toBe(0);
  });

  it('a held order: no tickets, no ledger, its hold expiry', async () => {
    const r = await call(t, c.organizerBookingDetail, {
      token: w.tokens.admin,
      query: { bookingId: w.bookings.fan.booking.id },
    });
    const d = r.body.result;
    expect(d.status).toBe('HELD');
    expect(d.tickets).toEqual([]);
    expect(d.ledger).toEqual([]);
    expect(d.holdExpiresAt).toBe(w.bookings.fan.booking.holdExpiresAt?.toISOString());
  });
});

describe('ticket lists', () => {
  it('organizer-booking-ticket-list: one order’s tickets, filtered by scanned and status', async () => {
    const all = await call(t, c.organizerBookingTicketList, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.ada.booking.id },
    });
    expect(all.body.result.total).toBe(3);
    expect(all.body.result.items.map((i) => i.ticketTypeName)).toEqual(['Ticket 1', 'Ticket 1', 'Ticket 2']);
    const scanned = await call(t, c.organizerBookingTicketList, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.ada.booking.id, scanned: 'true' },
    });
    expect(scanned.body.result.items.map((i) => i.attendeeName)).toEqual(['Ada Lovelace']);
    const notScanned = await call(t, c.organizerBookingTicketList, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.ada.booking.id, scanned: 'false' },
    });
    expect(notScanned.body.result.total).toBe(2);
    const refunded = await call(t, c.organizerBookingTicketList, {
      token: w.tokens.organizer,
      query: { bookingId: w.bookings.ada.booking.id, status: 'REFUNDED' },
    });
    expect(refunded.body.result.total).toBe(0);
  });

  it('organizer-event-booking-ticket-list: the event’s tickets, searchable by attendee', async () => {
    const all = await call(t, c.organizerEventBookingTicketList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id },
    });
    // Ada 3 + absorbed 4 + Ada again 1; held and expired orders have no tickets.
    expect(all.body.result.total).toBe(8);
    const babbage = await call(t, c.organizerEventBookingTicketList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id, search: 'babbage' },
    });
    expect(babbage.body.result.items.map((i) => i.attendeeName)).toEqual(['Charles Babbage']);
    const byDate = await call(t, c.organizerEventBookingTicketList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id, occurrenceId: w.gala.occurrences[0]?.id },
    });
    expect(byDate.body.result.total).toBe(0);
  });

  it('event-attendees-list: one row per ticket with its check-in state', async () => {
    const r = await call(t, c.eventAttendeesList, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, limit: 100 },
    });
    expect(r.body.result.total).toBe(8);
    const checkedIn = r.body.result.items.filter((i) => i.checkedIn);
    expect(checkedIn.map((i) => i.attendeeName)).toEqual(['Ada Lovelace']);
    expect(r.body.result.items.every((i) => i.checkedIn === (i.scannedAt !== null))).toBe(true);
    const onlyIn = await call(t, c.eventAttendeesList, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, scanned: 'true' },
    });
    expect(onlyIn.body.result.total).toBe(1);
  });

  it('view-ticket-list: the chosen tickets of the event; others are simply not returned', async () => {
    const mine = w.bookings.ada.tickets.map((tk) => tk.id);
    const foreignTicket = w.bookings.foreign.tickets[0]?.id ?? '';
    const r = await call(t, c.viewTicketList, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, ticketIds: [mine[0], mine[2], foreignTicket].join(',') },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.map((tk) => tk._id).sort()).toEqual([mine[0], mine[2]].sort());
    const byOrder = await call(t, c.viewTicketList, {
      token: w.tokens.organizer,
      query: {
        eventId: w.jazz.event.id,
        bookingIds: `${w.bookings.absorbed.booking.id}, ${w.bookings.foreign.booking.id}`,
      },
    });
    expect(byOrder.body.result).toHaveLength(4);
    expect(byOrder.body.result.every((tk) => tk.bookingCode === 'ZED23456')).toBe(true);
  });

  it('view-ticket-list: nothing chosen, or not an id, is a 400 on the field', async () => {
    const none = await call(t, c.viewTicketList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id },
    });
    expect(none.status).toBe(400);
    expect(none.error?.message).toBe(emptySelectionMessage('view ticket'));
    expect(none.error?.errors?.[0]?.field).toBe('ticketIds');
    const junk = await call(t, c.viewTicketList, {
      token: w.tokens.owner,
      query: { eventId: w.jazz.event.id, bookingIds: 'abc,def' },
    });
    expect(junk.status).toBe(400);
    expect(junk.error?.errors?.[0]?.field).toBe('bookingIds');
  });
});

describe('event-registered-users', () => {
  it('one row per email (any case), confirmed orders only, named as on the latest order', async () => {
    const r = await call(t, c.eventRegisteredUsers, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id },
    });
    expect(r.status).toBe(200);
    const rows = r.body.result.items;
    expect(r.body.result.total).toBe(2);
    expect(rows.map((u) => [u.email, u.name, u.bookings, u.tickets])).toEqual([
      ['ADA@example.test', 'Ada King', 2, 4],
      ['zed@example.test', 'Zed Absorbed', 1, 4],
    ]);
    // The signed-in buyer's account is known from the earlier order.
    expect(rows[0]?.userId).toBe(w.buyer.user.id);
    expect(rows[0]?.lastBookedAt).toBe('2026-03-08T12:00:00.000Z');
    const searched = await call(t, c.eventRegisteredUsers, {
      token: w.tokens.organizer,
      query: { eventId: w.jazz.event.id, search: 'zed' },
    });
    expect(searched.body.result.items.map((u) => u.name)).toEqual(['Zed Absorbed']);
  });
});
