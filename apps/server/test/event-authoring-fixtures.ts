import * as c from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import {
  categories,
  classTypes,
  organizationMembers,
  subcategories,
  subcategoryCategories,
  tags,
  ticketInventory,
} from '../src/db/schema/index.js';
import { call } from './calls.js';
import { createUser, loginAs, type TestApp } from './helpers.js';

/** Catalog rows an event refers to: active and inactive ones, and class types of both booking modes. */
export async function catalogFixtures(t: TestApp) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const [music, sport, closed] = await t.db
    .insert(categories)
    .values([
      { name: `Music ${suffix}` },
      { name: `Sport ${suffix}` },
      { name: `Closed ${suffix}`, status: 'INACTIVE' },
    ])
    .returning();
  const [jazz, football] = await t.db
    .insert(subcategories)
    .values([{ name: `Jazz ${suffix}` }, { name: `Football ${suffix}` }])
    .returning();
  const [live, gone] = await t.db
    .insert(tags)
    .values([{ name: `Live ${suffix}` }, { name: `Gone ${suffix}`, status: 'INACTIVE' }])
    .returning();
  const [course, dropIn] = await t.db
    .insert(classTypes)
    .values([
      { name: `Course ${suffix}`, bookingMode: 'COURSE' },
      { name: `Drop-in ${suffix}`, bookingMode: 'DROP_IN' },
    ])
    .returning();
  if (!music || !sport || !closed || !jazz || !football || !live || !gone || !course || !dropIn) {
    throw new Error('catalog fixtures not created');
  }
  await t.db.insert(subcategoryCategories).values([
    { subcategoryId: jazz.id, categoryId: music.id },
    { subcategoryId: football.id, categoryId: sport.id },
  ]);
  return { music, sport, closed, jazz, football, live, gone, course, dropIn };
}
export type CatalogFixtures = Awaited<ReturnType<typeof catalogFixtures>>;

/** An approved organizer, signed in, with one organization of their own. */
export async function organizerWithOrganization(t: TestApp, name: string) {
  const user = await createUser(t, { organizerRequest: 'APPROVED', firstName: name, lastName: 'Owner' });
  const token = await loginAs(t, user.email, user.password);
  const created = await call(t, c.createOrganization, { token, body: { name: `${name} Hall` } as never });
  if (created.status !== 200) throw new Error(`organization not created: ${JSON.stringify(created.body)}`);
  return { user, token, organizationId: created.body.result._id };
}

/** A user who is an ACTIVE member of the organization (read only there), signed in. */
export async function activeMember(t: TestApp, organizationId: string, firstName = 'Mia') {
  const user = await createUser(t, { firstName, lastName: 'Member' });
  const [member] = await t.db
    .insert(organizationMembers)
    .values({
      organizationId,
      userId: user.id,
      email: user.email,
      firstName,
      lastName: 'Member',
      status: 'ACTIVE',
    })
    .returning();
  if (!member) throw new Error('member not created');
  return { user, member, token: await loginAs(t, user.email, user.password) };
}

/** A complete single event in New York, starting ten days after the clock's default "now". */
export function eventInput(
  f: CatalogFixtures,
  organizationId: string,
  overrides: Partial<c.EventInput> = {},
): c.EventInput {
  return {
    organizationId,
    title: 'Jazz Night',
    description: 'An evening of live jazz with the house band.',
    categoryId: f.music.id,
    subcategoryId: f.jazz.id,
    tagIds: [f.live.id],
    images: ['/media/22222222-2222-4222-8222-222222222222.jpg'],
    location: {
      type: 'VENUE',
      venueName: 'Blue Hall',
      address: '1 Main St, New York',
      timeZone: 'America/New_York',
    },
    visibility: 'PUBLIC',
    occurrences: [{ startsAt: '2026-12-01T19:00:00-05:00', endsAt: '2026-12-01T22:00:00-05:00' }],
    ticketTypes: [{ pricing: 'PAID', name: 'General', price: 2500, quantity: 100 }],
    ...overrides,
  };
}

/** Dates `count` days apart from Dec 1, 2026 19:00 New York, 3 hours each. */
export function dates(count: number, firstDay = 1) {
  return Array.from({ length: count }, (_, n) => {
    const day = String(firstDay + n).padStart(2, '0');
    return { startsAt: `2026-12-${day}T19:00:00-05:00`, endsAt: `2026-12-${day}T22:00:00-05:00` };
  });
}

export async function inventoryOf(t: TestApp, eventId: string) {
  return t.db
    .select()
    .from(ticketInventory)
    .where(eq(ticketInventory.eventId, eventId))
    .orderBy(asc(ticketInventory.ticketTypeId), asc(ticketInventory.occurrenceId));
}

export async function setSold(t: TestApp, ticketTypeId: string, occurrenceId: string | null, sold: number) {
  await t.db
    .update(ticketInventory)
    .set({ sold })
    .where(
      and(
        eq(ticketInventory.ticketTypeId, ticketTypeId),
        occurrenceId ? eq(ticketInventory.occurrenceId, occurrenceId) : undefined,
      ),
    );
}
