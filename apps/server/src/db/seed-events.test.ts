import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { wallClockOf } from '@marquee/time';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helpers.js';
import { localMediaStorage } from '../adapters/media-storage/index.js';
import { slugBase } from '../modules/events/index.js';
import {
  bookings,
  eventOccurrences,
  events,
  eventTags,
  eventTeam,
  eventTicketTypes,
  ledgerEntries,
  organizationMembers,
  organizations,
  reasons,
  ticketInventory,
} from './schema/index.js';
import { seedDemoData } from './seed.js';
import { DEMO_EVENT_PLANS, seedEvents } from './seed-events.js';

type Database = Awaited<ReturnType<typeof freshDatabase>>;

async function tableCounts(db: Database['db']) {
  const n = async (table: typeof events | typeof eventOccurrences | typeof ticketInventory) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    events: await n(events),
    occurrences: await n(eventOccurrences),
    inventory: await n(ticketInventory),
    team: (await db.select({ n: count() }).from(eventTeam))[0]?.n ?? 0,
    tags: (await db.select({ n: count() }).from(eventTags))[0]?.n ?? 0,
  };
}

async function eventsOf(db: Database['db'], organization: string) {
  const [org] = await db.select().from(organizations).where(eq(organizations.name, organization));
  if (!org) throw new Error(`no organization ${organization}`);
  const rows = await db.query.events.findMany({ where: eq(events.organizationId, org.id) });
  const ids = rows.map((e) => e.id);
  const occurrences = await db
    .select()
    .from(eventOccurrences)
    .where(inArray(eventOccurrences.eventId, ids))
    .orderBy(asc(eventOccurrences.startsAt));
  const ticketTypes = await db.select().from(eventTicketTypes).where(inArray(eventTicketTypes.eventId, ids));
  const inventory = await db.select().from(ticketInventory).where(inArray(ticketInventory.eventId, ids));
  const tags = await db.select().from(eventTags).where(inArray(eventTags.eventId, ids));
  return rows.map((event) => ({
    event,
    occurrences: occurrences.filter((o) => o.eventId === event.id),
    ticketTypes: ticketTypes.filter((t) => t.eventId === event.id),
    inventory: inventory.filter((i) => i.eventId === event.id),
    tags: tags.filter((t) => t.eventId === event.id),
  }));
}

describe('demo events', () => {
  const now = new Date();
  let database: Database;
  let mediaDir: string;

  beforeAll(async () => {
    database = await freshDatabase();
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'marquee-seed-media-'));
    expect(await seedDemoData(database.db, { media: localMediaStorage(mediaDir), now })).toBe(true);
  });
  afterAll(async () => {
    await database.drop();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  for (const { organization } of DEMO_EVENT_PLANS) {
    it(`${organization}: every kind and state, with catalog names and consistent dates`, async () => {
      const all = await eventsOf(database.db, organization);
      const published = all.filter((e) => e.event.status !== 'DRAFT');
      // Every published demo event has its public address, readable (no id in it), and drafts none.
      for (const e of all) {
        if (e.event.status === 'DRAFT') expect(e.event.slug, e.event.title).toBeNull();
        else expect(e.event.slug, e.event.title).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
      expect(published.some((e) => e.event.slug === slugBase(e.event.title))).toBe(true);
      const live = (e: (typeof all)[number]) =>
        e.event.status === 'PUBLISHED' && !e.event.isBlocked && e.event.visibility === 'PUBLIC';

      const single = all.find((e) => e.event.kind === 'SINGLE' && live(e) && e.ticketTypes.length === 3);
      expect(single, 'an upcoming single event with three ticket types').toBeDefined();
      expect(single?.occurrences).toHaveLength(1);
      expect(single?.event.startsAt?.getTime()).toBeGreaterThan(now.getTime());
      expect(single?.ticketTypes.map((t) => t.pricing).sort()).toEqual(['DONATION', 'FREE', 'PAID']);
      expect(single?.ticketTypes.find((t) => t.pricing === 'DONATION')?.price).toBeGreaterThan(0);
      expect(single?.ticketTypes.find((t) => t.pricing === 'FREE')?.price).toBe(0);
      // The image is a real file in media storage, named as the server serves it.
      const image = single?.event.images[0] ?? '';
      expect(image).toMatch(/^\/media\/[A-Za-z0-9._-]+$/);
      await expect(fs.stat(path.join(mediaDir, image.replace('/media/', '')))).resolves.toBeTruthy();

      const multi = all.find((e) => e.event.kind === 'MULTI' && live(e));
      expect(multi?.occurrences).toHaveLength(4);

      const course = all.find((e) => e.event.classBookingMode === 'COURSE' && live(e));
      expect(course?.event.kind).toBe('CLASS');
      expect(course?.event.classTypeId).not.toBeNull();
      expect(course?.occurrences).toHaveLength(8);
      expect(course?.event.schedule?.days).toHaveLength(1);
      // Weekly: the same weekday and wall-clock time in the event's zone, whatever the offset.
      const zone = course?.event.timeZone ?? '';
      const walls = course?.occurrences.map((o) => wallClockOf(o.startsAt, zone)) ?? [];
      expect(new Set(walls.map((w) => `${w.hour}:${w.minute}`)).size).toBe(1);
      const days = walls.map((w) => Date.UTC(w.year, w.month - 1, w.day) / 86_400_000);
      expect(days.slice(1).map((d, i) => d - (days[i] ?? 0))).toEqual(Array(7).fill(7));

      const dropIn = all.find((e) => e.event.classBookingMode === 'DROP_IN' && live(e));
      expect(dropIn?.event.kind).toBe('CLASS');
      expect(dropIn?.occurrences.length).toBeGreaterThanOrEqual(3);

      const draft = all.find((e) => e.event.status === 'DRAFT');
      expect(draft?.event.title).toBeTruthy();
      expect(draft?.occurrences).toHaveLength(0);

      const past = all.find((e) => e.event.status === 'COMPLETED');
      expect(past?.event.endsAt?.getTime()).toBeLessThan(now.getTime());

      const cancelled = all.find((e) => e.event.status === 'CANCELLED');
      expect(cancelled?.event.cancelledAt).toBeInstanceOf(Date);
      const [reason] = await database.db
        .select()
        .from(reasons)
        .where(eq(reasons.id, cancelled?.event.cancelReasonId ?? '00000000-0000-0000-0000-000000000000'));
      expect(reason?.kind).toBe('EVENT_CANCEL');

      expect(all.some((e) => e.event.isBlocked && e.event.status === 'PUBLISHED')).toBe(true);
      const privateOne = all.find((e) => e.event.visibility === 'PRIVATE');
      expect(privateOne?.occurrences.length).toBeGreaterThan(0);
      expect(privateOne?.occurrences.every((o) => o.visibility === 'PRIVATE')).toBe(true);

      expect(all.some((e) => e.event.locationType === 'ONLINE')).toBe(true);
      for (const { event, occurrences, tags } of published) {
        expect(event.categoryId, event.title).not.toBeNull();
        expect(event.subcategoryId, event.title).not.toBeNull();
        expect(tags.length, event.title).toBeGreaterThan(0);
        expect(event.startsAt, event.title).toEqual(occurrences[0]?.startsAt);
        expect(event.endsAt?.getTime(), event.title).toBe(
          Math.max(...occurrences.map((o) => o.endsAt.getTime())),
        );
      }
      for (const { event } of published.filter((e) => e.event.status === 'PUBLISHED')) {
        expect(event.startsAt?.getTime(), `${event.title} is upcoming`).toBeGreaterThan(now.getTime());
      }
    });

    it(`${organization}: one inventory row per ticket type and date (per ticket type for a course)`, async () => {
      for (const { event, occurrences, ticketTypes, inventory } of await eventsOf(
        database.db,
        organization,
      )) {
        const course = event.classBookingMode === 'COURSE';
        expect(inventory, event.title).toHaveLength(ticketTypes.length * (course ? 1 : occurrences.length));
        for (const type of ticketTypes) {
          const rows = inventory.filter((i) => i.ticketTypeId === type.id);
          // The demo orders (seed-orders.ts) have taken some seats; they are checked in seed-orders.test.ts.
          expect(rows.every((i) => i.capacity === type.quantity && i.sold <= i.capacity)).toBe(true);
          expect(rows.map((i) => i.occurrenceId).sort()).toEqual(
            course ? [null] : occurrences.map((o) => o.id).sort(),
          );
        }
      }
    });
  }

  it('uses at least two time zones, and an online event', async () => {
    const rows = await database.db.select().from(events);
    const zones = new Set(rows.flatMap((e) => (e.timeZone ? [e.timeZone] : [])));
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Europe/Berlin');
    expect(rows.some((e) => e.locationType === 'ONLINE' && e.onlineUrl)).toBe(true);
  });

  it('makes the demo member scanner on one event and event organizer on another, in their active membership', async () => {
    const team = await database.db
      .select({ role: eventTeam.role, status: organizationMembers.status, email: organizationMembers.email })
      .from(eventTeam)
      .innerJoin(organizationMembers, eq(organizationMembers.id, eventTeam.memberId))
      .innerJoin(events, eq(events.id, eventTeam.eventId));
    expect(team.map((t) => t.role).sort()).toEqual(['EVENT_ORGANIZER', 'SCANNER']);
    expect(team.every((t) => t.status === 'ACTIVE' && t.email === 'member@example.com')).toBe(true);
  });

  it('adds nothing on a second start, and nothing when called again directly', async () => {
    const before = await tableCounts(database.db);
    // Nine per demo organization, and the choir's concert (seed-approvals.ts).
    expect(before.events).toBe(19);
    expect(await seedDemoData(database.db, { now })).toBe(false);
    expect(await seedEvents(database.db, { now })).toBe(0);
    expect(await tableCounts(database.db)).toEqual(before);
  });
});

describe('demo events on a demo database from before events existed', () => {
  it('are added once on the next start', async () => {
    const database = await freshDatabase();
    try {
      await seedDemoData(database.db);
      // Back to before events (and the demo orders on them) existed.
      await database.db.delete(ledgerEntries);
      await database.db.delete(bookings);
      await database.db.delete(events);
      expect(await seedDemoData(database.db)).toBe(false);
      const once = await tableCounts(database.db);
      expect(once.events).toBe(18);
      await seedDemoData(database.db);
      expect(await tableCounts(database.db)).toEqual(once);
    } finally {
      await database.drop();
    }
    // Two whole demo seedings, orders included: minutes on a busy machine with two test files at once.
  }, 180_000);
});

describe('demo classes across a change of summer time', () => {
  it('keep their wall-clock time in their zone on both sides of the change', async () => {
    const database = await freshDatabase();
    try {
      // Mid October: Berlin leaves summer time on Oct 25 2026, New York on Nov 1 2026.
      await seedDemoData(database.db, { now: new Date('2026-10-15T12:00:00Z') });
      const courses = await database.db.query.events.findMany({
        where: and(eq(events.classBookingMode, 'COURSE'), eq(events.status, 'PUBLISHED')),
      });
      expect(courses.map((c) => c.timeZone).sort()).toEqual(['America/New_York', 'Europe/Berlin']);
      for (const course of courses) {
        const zone = course.timeZone ?? '';
        const sessions = await database.db
          .select()
          .from(eventOccurrences)
          .where(eq(eventOccurrences.eventId, course.id))
          .orderBy(asc(eventOccurrences.startsAt));
        const walls = sessions.map((s) => wallClockOf(s.startsAt, zone));
        expect(walls.map((w) => `${w.hour}:${w.minute}`)).toEqual(
          Array(8).fill(`${walls[0]?.hour}:${walls[0]?.minute}`),
        );
        const utcHours = new Set(sessions.map((s) => s.startsAt.getUTCHours()));
        expect(utcHours.size, `${course.title} crosses a change of offset`).toBe(2);
      }
    } finally {
      await database.drop();
    }
    // A whole demo seeding, orders included.
  }, 60_000);
});
