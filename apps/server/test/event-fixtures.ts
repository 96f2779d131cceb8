import type { EventKind, EventStatus, EventTeamRole } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.js';
import {
  type EventRow,
  eventOccurrences,
  events,
  eventTeam,
  eventTicketTypes,
  organizationMembers,
  organizations,
  reasons,
  ticketInventory,
} from '../src/db/schema/index.js';
import { newToken } from '../src/lib/tokens.js';
import { createUser, loginAs, type TestApp } from './helpers.js';

/**
 * Events written straight to the database with Drizzle, for tests of the calls that manage them:
 * independent of the authoring calls, and able to make states those calls cannot (sold tickets, an
 * event that ended long ago, a blocked one). Times are real instants; the zone is only a label here.
 */

const HOUR = 3_600_000;
const unique = () => newToken().slice(0, 10).toLowerCase();

export async function insertOrganization(db: DbOrTx, ownerId: string, name = `Org ${unique()}`) {
  const [row] = await db
    .insert(organizations)
    .values({
      ownerId,
      name,
      currency: 'USD',
      socialLinks: { facebook: null, instagram: null, x: null, linkedin: null, youtube: null, tiktok: null },
    })
    .returning();
  if (!row) throw new Error('fixture organization');
  return row;
}

export async function insertMember(
  db: DbOrTx,
  organizationId: string,
  values: Partial<typeof organizationMembers.$inferInsert> = {},
) {
  const [row] = await db
    .insert(organizationMembers)
    .values({ organizationId, email: `${unique()}@example.test`, status: 'ACTIVE', ...values })
    .returning();
  if (!row) throw new Error('fixture member');
  return row;
}

export async function insertReason(
  db: DbOrTx,
  kind: 'EVENT_REPORT' | 'EVENT_CANCEL' | 'REFUND_REQUEST',
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
) {
  const [row] = await db
    .insert(reasons)
    .values({ kind, text: `Reason ${unique()}`, status })
    .returning();
  if (!row) throw new Error('fixture reason');
  return row;
}

export interface EventFixture {
  organizationId: string;
  kind?: EventKind;
  title?: string;
  status?: EventStatus;
  /** The first date's start; further dates follow a day apart. Default: a week from now. */
  startsAt?: Date;
  /** Length of each date in hours (default 2). */
  hours?: number;
  /** Dates (default: 1 for SINGLE, 3 otherwise; 0 makes a draft without dates). */
  occurrences?: number;
  ticketTypes?: number;
  /** Tickets sold, written on the first inventory row (what selling will do with its guarded UPDATE). */
  sold?: number;
  team?: { memberId: string; role: EventTeamRole }[];
  /** Any other column (flags, visibility, category, venue…). */
  values?: Partial<typeof events.$inferInsert>;
}

/** An event with its occurrences, ticket types and one inventory row per type × date. */
export async function insertEvent(db: DbOrTx, f: EventFixture) {
  const kind = f.kind ?? 'SINGLE';
  const status = f.status ?? 'PUBLISHED';
  const count = f.occurrences ?? (kind === 'SINGLE' ? 1 : 3);
  const first = f.startsAt ?? new Date(Date.now() + 7 * 24 * HOUR);
  const length = (f.hours ?? 2) * HOUR;
  const dates = Array.from({ length: count }, (_, i) => {
    const startsAt = new Date(first.getTime() + i * 24 * HOUR);
    return { startsAt, endsAt: new Date(startsAt.getTime() + length) };
  });
  const [event] = await db
    .insert(events)
    .values({
      organizationId: f.organizationId,
      kind,
      title: f.title ?? `Event ${unique()}`,
      description: 'An event made by a test fixture.',
      status,
      locationType: 'VENUE',
      venueName: 'Harbour Hall',
      address: '1 Quay Street',
      timeZone: 'Europe/London',
      startsAt: dates[0]?.startsAt ?? null,
      endsAt: dates.at(-1)?.endsAt ?? null,
      publishedAt: status === 'DRAFT' ? null : new Date(),
      ...f.values,
    })
    .returning();
  if (!event) throw new Error('fixture event');
  const occurrences = dates.length
    ? await db
        .insert(eventOccurrences)
        .values(dates.map((d) => ({ eventId: event.id, ...d, visibility: event.visibility })))
        .returning()
    : [];
  const typeCount = f.ticketTypes ?? 1;
  const ticketTypes = typeCount
    ? await db
        .insert(eventTicketTypes)
        .values(
          Array.from({ length: typeCount }, (_, i) => ({
            eventId: event.id,
            pricing: 'PAID' as const,
            name: `Ticket ${i + 1}`,
            price: 2500,
            quantity: 50,
            position: i,
          })),
        )
        .returning()
    : [];
  const inventoryValues = ticketTypes.flatMap((type) =>
    occurrences.map((occurrence) => ({
      eventId: event.id,
      ticketTypeId: type.id,
      occurrenceId: occurrence.id,
      capacity: type.quantity,
      sold: 0,
    })),
  );
  if (inventoryValues[0] && f.sold) inventoryValues[0].sold = f.sold;
  const inventory = inventoryValues.length
    ? await db.insert(ticketInventory).values(inventoryValues).returning()
    : [];
  if (f.team?.length) {
    await db.insert(eventTeam).values(f.team.map((m) => ({ eventId: event.id, ...m })));
  }
  return { event, occurrences, ticketTypes, inventory };
}

/** Turns the event's ticket type at `index` into free entry ("Free entry", price 0), in the row and the fixture. */
export async function makeFreeEntry(
  db: DbOrTx,
  made: Awaited<ReturnType<typeof insertEvent>>,
  index: number,
) {
  const type = made.ticketTypes[index];
  if (!type) throw new Error(`fixture: no ticket type ${index}`);
  const free = { pricing: 'FREE' as const, price: 0, name: 'Free entry' };
  await db.update(eventTicketTypes).set(free).where(eq(eventTicketTypes.id, type.id));
  made.ticketTypes[index] = { ...type, ...free };
}

/**
 * Everyone the role table names, around one organization and its event:
 * owner, administrator, event organizer (an ACTIVE member assigned EVENT_ORGANIZER), scanner (assigned
 * SCANNER), an ACTIVE member with no role on the event, another approved organizer (their own
 * organization), and a buyer. Tokens are signed in.
 */
export type Persona = 'owner' | 'admin' | 'organizer' | 'scanner' | 'unassigned' | 'otherOrganizer' | 'buyer';
export const PERSONAS: Persona[] = [
  'owner',
  'admin',
  'organizer',
  'scanner',
  'unassigned',
  'otherOrganizer',
  'buyer',
];

export async function eventWorld(t: TestApp) {
  const person = async (values: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(t, values);
    return { user, token: await loginAs(t, user.email, user.password) };
  };
  const owner = await person({ organizerRequest: 'APPROVED', firstName: 'Olive', lastName: 'Owner' });
  const admin = await person({ role: 'ADMIN' });
  const organizer = await person({ firstName: 'Oscar', lastName: 'Organizer' });
  const scanner = await person({ firstName: 'Sam', lastName: 'Scanner' });
  const unassigned = await person({ firstName: 'Una', lastName: 'Unassigned' });
  const otherOrganizer = await person({ organizerRequest: 'APPROVED' });
  const buyer = await person();

  const organization = await insertOrganization(t.db, owner.user.id, `Harbour ${unique()}`);
  const otherOrganization = await insertOrganization(t.db, otherOrganizer.user.id, `Elsewhere ${unique()}`);
  const member = (p: { user: { id: string; email: string; firstName: string; lastName: string } }) =>
    insertMember(t.db, organization.id, {
      userId: p.user.id,
      email: p.user.email,
      firstName: p.user.firstName,
      lastName: p.user.lastName,
    });
  const members = {
    organizer: await member(organizer),
    scanner: await member(scanner),
    unassigned: await member(unassigned),
  };
  const team = [
    { memberId: members.organizer.id, role: 'EVENT_ORGANIZER' as const },
    { memberId: members.scanner.id, role: 'SCANNER' as const },
  ];
  /** A published event of the organization with the organizer and scanner on its team. */
  const event = (f: Partial<EventFixture> = {}) =>
    insertEvent(t.db, { organizationId: organization.id, team, ...f });
  const tokens: Record<Persona, string> = {
    owner: owner.token,
    admin: admin.token,
    organizer: organizer.token,
    scanner: scanner.token,
    unassigned: unassigned.token,
    otherOrganizer: otherOrganizer.token,
    buyer: buyer.token,
  };
  return {
    owner,
    admin,
    organizer,
    scanner,
    unassigned,
    otherOrganizer,
    buyer,
    organization,
    otherOrganization,
    members,
    team,
    event,
    tokens,
  };
}

export type EventWorld = Awaited<ReturnType<typeof eventWorld>>;
export type { EventRow };
