import * as c from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { eventTicketTypes, organizations, ticketInventory } from '../src/db/schema/index.js';
import { call } from './calls.js';
import { type EventFixture, insertEvent, insertOrganization } from './event-fixtures.js';
import { clientHeaders, createUser, type TestApp } from './helpers.js';

/**
 * A sellable event for checkout tests: one organization (fee paid by the buyer unless told), its
 * event written straight to the database, and each ticket type's price, pricing and seats.
 */
export async function sellableEvent(
  t: TestApp,
  options: {
    kind?: EventFixture['kind'];
    occurrences?: number;
    types?: {
      pricing?: 'PAID' | 'FREE' | 'DONATION';
      price?: number;
      seats?: number;
      minPerOrder?: number;
      maxPerOrder?: number | null;
    }[];
    /** A course-type class: one inventory row per type for all sessions. */
    course?: boolean;
    dropIn?: boolean;
    attendeeNames?: boolean;
    maxTicketsPerOrder?: number;
    paidBy?: 'BUYER' | 'ABSORBED';
    values?: EventFixture['values'];
    /** The first date's start and each date's length in hours (insertEvent's defaults otherwise). */
    startsAt?: Date;
    hours?: number;
  } = {},
) {
  const owner = await createUser(t, { organizerRequest: 'APPROVED' });
  const organization = await insertOrganization(t.db, owner.id);
  await t.db
    .update(organizations)
    .set({
      maxTicketsPerOrder: options.maxTicketsPerOrder ?? 10,
      serviceFeePaidBy: options.paidBy ?? 'BUYER',
    })
    .where(eq(organizations.id, organization.id));
  const types = options.types ?? [{}];
  const kind = options.course || options.dropIn ? 'CLASS' : (options.kind ?? 'SINGLE');
  const made = await insertEvent(t.db, {
    organizationId: organization.id,
    kind,
    occurrences: options.occurrences,
    startsAt: options.startsAt,
    hours: options.hours,
    ticketTypes: types.length,
    values: {
      attendeeNames: options.attendeeNames ?? false,
      classBookingMode: options.course ? 'COURSE' : options.dropIn ? 'DROP_IN' : null,
      ...options.values,
    },
  });
  for (const [i, type] of made.ticketTypes.entries()) {
    const spec = types[i] ?? {};
    const pricing = spec.pricing ?? 'PAID';
    await t.db
      .update(eventTicketTypes)
      .set({
        pricing,
        price: pricing === 'FREE' ? 0 : (spec.price ?? 2500),
        quantity: spec.seats ?? 50,
        minPerOrder: spec.minPerOrder ?? 1,
        maxPerOrder: spec.maxPerOrder ?? null,
      })
      .where(eq(eventTicketTypes.id, type.id));
    await t.db
      .update(ticketInventory)
      .set({ capacity: spec.seats ?? 50 })
      .where(eq(ticketInventory.ticketTypeId, type.id));
  }
  if (options.course) {
    await t.db.delete(ticketInventory).where(eq(ticketInventory.eventId, made.event.id));
    await t.db.insert(ticketInventory).values(
      made.ticketTypes.map((type, i) => ({
        eventId: made.event.id,
        ticketTypeId: type.id,
        occurrenceId: null,
        capacity: types[i]?.seats ?? 50,
      })),
    );
  }
  return { ...made, organization, owner };
}

export const guest = { name: 'Grace Guest', email: 'grace@example.test' };

let keys = 0;
/** create-booking with a fresh idempotency key (or the given one). */
export async function book(
  t: TestApp,
  body: c.CreateBookingBody,
  options: { key?: string; token?: string; headers?: Record<string, string> } = {},
) {
  keys += 1;
  return call(t, c.createBooking, {
    body,
    headers: {
      ...clientHeaders(options.token),
      ...options.headers,
      'idempotency-key': options.key ?? `test-${Date.now()}-${keys}`,
    },
  });
}

export async function inventoryOf(t: TestApp, ticketTypeId: string) {
  return t.db.select().from(ticketInventory).where(eq(ticketInventory.ticketTypeId, ticketTypeId));
}
