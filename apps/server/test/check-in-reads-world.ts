import { randomUUID } from 'node:crypto';
import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { ticketInventory, tickets } from '../src/db/schema/index.js';
import { insertBooking } from './booking-fixtures.js';
import { call } from './calls.js';
import { type EventWorld, eventWorld, insertEvent } from './event-fixtures.js';
import type { TestApp } from './helpers.js';

/**
 * The door of the check-in read tests (test-only): around the event world (owner, administrator, event
 * organizer, scanner, unassigned member, other organizer, buyer):
 *
 * - `weekend`: two dates (a day apart, Europe/London), three ticket types (the third never sold), the
 *   organizer and the scanner on its team. Orders:
 *   `ada` ADA23456: date 1, two "Ticket 1" (attendees Ada Lovelace and Alan Turing);
 *   `grace` GRACE234: date 1, one "Ticket 2", refunded;
 *   `kat` KAT23456: date 2, one "Ticket 1";
 *   `mary` MARY2345: a course ticket ("Ticket 2", no date of its own: good on both dates).
 * - `other`: another event of the organization; the organizer is on its team, the scanner is not.
 */
export async function checkInReadsWorld(t: TestApp, options: { startsAt?: Date } = {}) {
  const w: EventWorld = await eventWorld(t);
  const weekend = await w.event({
    kind: 'MULTI',
    title: 'Harbour Jazz Weekend',
    occurrences: 2,
    ticketTypes: 3,
    startsAt: options.startsAt,
    values: { slug: 'harbour-jazz-weekend' },
  });
  const courseType = weekend.ticketTypes[1];
  if (!courseType) throw new Error('fixture: no second ticket type');
  const [course] = await t.db
    .insert(ticketInventory)
    .values({ eventId: weekend.event.id, ticketTypeId: courseType.id, occurrenceId: null, capacity: 50 })
    .returning();
  if (!course) throw new Error('fixture: course inventory');
  weekend.inventory.push(course);

  const ada = await insertBooking(t.db, {
    event: weekend,
    lines: [{ type: 0, quantity: 2 }],
    attendees: ['Ada Lovelace', 'Alan Turing'],
    buyer: { name: 'Ada Lovelace', email: 'ada@example.test' },
    code: 'ADA23456',
  });
  const grace = await insertBooking(t.db, {
    event: weekend,
    lines: [{ type: 1, quantity: 1 }],
    buyer: { name: 'Grace Hopper', email: 'grace@example.test' },
    code: 'GRACE234',
  });
  await t.db.update(tickets).set({ status: 'REFUNDED' }).where(eq(tickets.bookingId, grace.booking.id));
  const kat = await insertBooking(t.db, {
    event: weekend,
    occurrence: 1,
    buyer: { name: 'Katherine Johnson', email: 'kat@example.test' },
    code: 'KAT23456',
  });
  const mary = await insertBooking(t.db, {
    event: weekend,
    occurrence: null,
    lines: [{ type: 1, quantity: 1 }],
    buyer: { name: 'Mary Jackson', email: 'mary@example.test' },
    code: 'MARY2345',
  });
  const other = await insertEvent(t.db, {
    organizationId: w.organization.id,
    title: 'Winter Gala',
    team: [{ memberId: w.members.organizer.id, role: 'EVENT_ORGANIZER' }],
  });
  const ticket = (order: { tickets: { id: string; code: string }[] }, i = 0) => {
    const found = order.tickets[i];
    if (!found) throw new Error(`fixture: no ticket ${i}`);
    return found;
  };
  const date = (i: number) => {
    const found = weekend.occurrences[i];
    if (!found) throw new Error(`fixture: no date ${i}`);
    return found.id;
  };
  return { ...w, weekend, other, orders: { ada, grace, kat, mary }, ticket, date };
}

export type CheckInReadsWorld = Awaited<ReturnType<typeof checkInReadsWorld>>;

/** A scan through the contract's scan-ticket call, with a fresh nonce. */
export async function scanAt(
  t: TestApp,
  token: string,
  input: { eventId: string; occurrenceId: string; code: string; deviceId?: string },
) {
  const answer = await call(t, c.scanTicket, {
    token,
    body: { deviceId: 'door-1', ...input, nonce: randomUUID() },
  });
  if (answer.status !== 200) throw new Error(`scan failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}
