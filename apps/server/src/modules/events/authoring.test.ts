import * as c from '@marquee/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, invalid } from '../../../test/calls.js';
import { inParallel, listenOnLoopback } from '../../../test/concurrency.js';
import {
  activeMember,
  type CatalogFixtures,
  catalogFixtures,
  dates,
  eventInput,
  inventoryOf,
  organizerWithOrganization,
  setSold,
} from '../../../test/event-authoring-fixtures.js';
import { clientHeaders, createTestApp, manualClock, type TestApp } from '../../../test/helpers.js';
import { auditLog, eventOccurrences, events, organizations } from '../../db/schema/index.js';

let t: TestApp;
let f: CatalogFixtures;
const clock = manualClock(new Date('2026-11-21T10:00:00Z'));
let owner: string;
let orgId: string;
let rival: string;
let rivalOrgId: string;
let reader: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await catalogFixtures(t);
  const o = await organizerWithOrganization(t, 'Olivia');
  owner = o.token;
  orgId = o.organizationId;
  const r = await organizerWithOrganization(t, 'Rita');
  rival = r.token;
  rivalOrgId = r.organizationId;
  reader = (await activeMember(t, orgId)).token;
});
afterAll(() => t.close());

let titleCounter = 0;
const uniqueTitle = (base: string) => `${base} ${++titleCounter}`;

async function createSingle(overrides: Partial<c.EventInput> = {}) {
  const answer = await call(t, c.createSingleEvent, {
    token: owner,
    body: eventInput(f, orgId, { title: uniqueTitle('Jazz Night'), ...overrides }),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

const fieldErrors = (answer: { error: c.ApiError | null }) => answer.error?.errors ?? [];

describe('create: one path for the three kinds', () => {
  it('publishes a single event with its date, ticket type, inventory and audit entry', async () => {
    const answer = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, { title: '  Summer   Jazz ' }),
    });
    expect(answer.status).toBe(200);
    const event = answer.body.result;
    expect(event).toMatchObject({
      kind: 'SINGLE',
      title: 'Summer   Jazz',
      status: 'PUBLISHED',
      timeZone: 'America/New_York',
      locationType: 'VENUE',
      startsAt: '2026-12-02T00:00:00.000Z',
      endsAt: '2026-12-02T03:00:00.000Z',
      myRole: 'OWNER',
      category: { _id: f.music.id },
      subcategory: { _id: f.jazz.id },
      tags: [{ _id: f.live.id }],
      publishedAt: '2026-11-21T10:00:00.000Z',
      sold: 0,
      capacity: 100,
      organization: { _id: orgId, currency: 'USD' },
    });
    expect(event.occurrences).toHaveLength(1);
    expect(event.ticketTypes[0]).toMatchObject({
      name: 'General',
      price: 2500,
      quantity: 100,
      sold: 0,
      position: 0,
    });
    const rows = await inventoryOf(t, event._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ticketTypeId: event.ticketTypes[0]?._id,
      occurrenceId: event.occurrences[0]?._id,
      capacity: 100,
      sold: 0,
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, event._id));
    expect(entries.map((e) => e.action)).toEqual(['EVENT_CREATED']);
  });

  it('a multi event has one inventory row per ticket type and date', async () => {
    const answer = await call(t, c.createMultipleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Festival'),
        occurrences: dates(3),
        ticketTypes: [
          { pricing: 'PAID', name: 'General', price: 2500, quantity: 100 },
          { pricing: 'FREE', name: 'Child', price: 0, quantity: 20 },
        ],
      }),
    });
    expect(answer.status).toBe(200);
    const event = answer.body.result;
    expect(event).toMatchObject({ kind: 'MULTI', capacity: 3 * 120, endsAt: '2026-12-04T03:00:00.000Z' });
    const rows = await inventoryOf(t, event._id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.occurrenceId))).toEqual(new Set(event.occurrences.map((o) => o._id)));
    expect(rows.filter((r) => r.capacity === 20)).toHaveLength(3);
  });

  it('a course-type class is sold once for all sessions; a drop-in class per session', async () => {
    const body = (classTypeId: string) =>
      eventInput(f, orgId, {
        title: uniqueTitle('Pottery'),
        classTypeId,
        occurrences: dates(4),
        schedule: {
          days: [2],
          startTime: '19:00',
          durationMinutes: 180,
          firstDate: '2026-12-01',
          lastDate: '2026-12-04',
        },
        ticketTypes: [
          { pricing: 'PAID', name: 'Seat', price: 9000, quantity: 12 },
          { pricing: 'DONATION', name: 'Supporter', price: 500, quantity: 3 },
        ],
      });
    const course = await call(t, c.createClassCreator, { token: owner, body: body(f.course.id) });
    expect(course.status).toBe(200);
    expect(course.body.result).toMatchObject({
      kind: 'CLASS',
      classType: { _id: f.course.id, bookingMode: 'COURSE' },
      capacity: 15,
      schedule: { days: [2], startTime: '19:00' },
    });
    const courseRows = await inventoryOf(t, course.body.result._id);
    expect(courseRows).toHaveLength(2);
    expect(courseRows.every((r) => r.occurrenceId === null)).toBe(true);
    const [stored] = await t.db.select().from(events).where(eq(events.id, course.body.result._id));
    expect(stored?.classBookingMode).toBe('COURSE');

    const dropIn = await call(t, c.createClassCreator, { token: owner, body: body(f.dropIn.id) });
    expect(dropIn.status).toBe(200);
    expect(dropIn.body.result.classType?.bookingMode).toBe('DROP_IN');
    const dropInRows = await inventoryOf(t, dropIn.body.result._id);
    expect(dropInRows).toHaveLength(8);
    expect(dropInRows.every((r) => r.occurrenceId !== null)).toBe(true);
  });

  it('refuses the wrong number of dates for the kind and a class without a class type', async () => {
    const single = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, { title: uniqueTitle('Two dates'), occurrences: dates(2) }),
    });
    expect(single.status).toBe(400);
    expect(fieldErrors(single)).toContainEqual({
      field: 'occurrences',
      message: 'A single event has exactly one date.',
    });
    const multi = await call(t, c.createMultipleEvent, {
      token: owner,
      body: eventInput(f, orgId, { title: uniqueTitle('One date') }),
    });
    expect(multi.status).toBe(400);
    expect(fieldErrors(multi)).toContainEqual({
      field: 'occurrences',
      message: 'A multi event needs at least two dates.',
    });
    const klass = await call(t, c.createClassCreator, {
      token: owner,
      body: eventInput(f, orgId, { title: uniqueTitle('No type') }),
    });
    expect(klass.status).toBe(400);
    expect(fieldErrors(klass)).toContainEqual({ field: 'classTypeId', message: 'Choose the class type' });
  });
});

describe('time rules, answered on the field', () => {
  it('a date that starts in the past: "Please re-select event start time."', async () => {
    const answer = await call(t, c.createMultipleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Past'),
        occurrences: [
          dates(1)[0] as c.OccurrenceInput,
          { startsAt: '2026-11-21T09:59:00Z', endsAt: '2026-11-21T12:00:00Z' },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      { field: 'occurrences.1.startsAt', message: 'Please re-select event start time.' },
    ]);
    expect(answer.error?.message).toBe('Please re-select event start time.');
  });

  it('a date that ends before it starts: "Please re-select event end time."', async () => {
    const answer = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Backwards'),
        occurrences: [{ startsAt: '2026-12-01T19:00:00-05:00', endsAt: '2026-12-01T19:00:00-05:00' }],
      }),
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      { field: 'occurrences.0.endsAt', message: 'Please re-select event end time.' },
    ]);
  });

  it('ticket sales ending after the last date are refused on the field', async () => {
    const answer = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Late sales'),
        ticketTypes: [
          {
            pricing: 'PAID',
            name: 'General',
            price: 2500,
            quantity: 100,
            saleEndsAt: '2026-12-02T04:00:00Z',
          },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      { field: 'ticketTypes.0.saleEndsAt', message: 'Ticket sales must end by the end of the last date' },
    ]);
  });

  it("a maximum per order above the organization's limit is refused, naming the limit", async () => {
    const answer = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Bulk'),
        ticketTypes: [{ pricing: 'PAID', name: 'General', price: 2500, quantity: 100, maxPerOrder: 11 }],
      }),
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      {
        field: 'ticketTypes.0.maxPerOrder',
        message: "At most 10 tickets per order (the organization's limit)",
      },
    ]);
    // Null means the organization's maximum.
    const open = await createSingle({
      ticketTypes: [{ pricing: 'PAID', name: 'General', price: 2500, quantity: 100, maxPerOrder: null }],
    });
    expect(open.ticketTypes[0]?.maxPerOrder).toBeNull();
  });
});

describe('catalog, images and place', () => {
  it('refuses an inactive category, a subcategory of another category, an inactive tag and too many images', async () => {
    const answer = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Refs'),
        categoryId: f.closed.id,
        subcategoryId: f.football.id,
        tagIds: [f.live.id, f.gone.id],
        images: ['/media/a.jpg', '/media/b.jpg'],
      }),
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual(
      expect.arrayContaining([
        { field: 'images', message: 'You can select upto 1 images only' },
        { field: 'categoryId', message: 'Choose an active category' },
        { field: 'subcategoryId', message: 'Choose an active subcategory of this category' },
        { field: 'tagIds.1', message: 'This tag is no longer available; remove it' },
      ]),
    );
    const other = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Refs'),
        categoryId: f.sport.id,
        subcategoryId: f.jazz.id,
      }),
    });
    expect(fieldErrors(other)).toEqual([
      { field: 'subcategoryId', message: 'Choose an active subcategory of this category' },
    ]);
  });

  it('finds the zone from the coordinates offline; a zone chosen by hand wins; a bad zone is refused', async () => {
    const paris = await createSingle({
      location: {
        type: 'VENUE',
        venueName: 'Le Duc',
        address: '183 Rue des Lombards',
        latitude: 48.8566,
        longitude: 2.3522,
      },
    });
    expect(paris.timeZone).toBe('Europe/Paris');
    expect(paris.location).toMatchObject({ latitude: 48.8566, longitude: 2.3522, venueName: 'Le Duc' });
    const chosen = await createSingle({
      location: {
        type: 'VENUE',
        venueName: 'Le Duc',
        address: '183 Rue des Lombards',
        latitude: 48.8566,
        longitude: 2.3522,
        timeZone: 'Asia/Tokyo',
      },
    });
    expect(chosen.timeZone).toBe('Asia/Tokyo');
    const bad = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Nowhere'),
        location: { type: 'VENUE', venueName: 'Hall', address: 'Somewhere', timeZone: 'Mars/Olympus' },
      }),
    });
    expect(fieldErrors(bad)).toEqual([{ field: 'location.timeZone', message: 'Choose a valid time zone' }]);
    const none = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Nowhere'),
        location: { type: 'VENUE', venueName: 'Hall', address: 'Somewhere' },
      }),
    });
    expect(fieldErrors(none)).toEqual([{ field: 'location.timeZone', message: 'Choose the time zone' }]);
  });

  it('an online event keeps its link and zone', async () => {
    const online = await createSingle({
      location: { type: 'ONLINE', onlineUrl: 'https://meet.example.test/jazz', timeZone: 'Europe/Berlin' },
    });
    expect(online).toMatchObject({
      locationType: 'ONLINE',
      timeZone: 'Europe/Berlin',
      location: { type: 'ONLINE', onlineUrl: 'https://meet.example.test/jazz', venueName: null },
    });
  });

  it('time-zone-for-location answers the zone of a point', async () => {
    const paris = await call(t, c.timeZoneForLocation, {
      token: owner,
      query: { latitude: 48.8566, longitude: 2.3522 },
    });
    expect(paris.body.result).toEqual({ timeZone: 'Europe/Paris' });
    const ny = await call(t, c.timeZoneForLocation, {
      token: owner,
      query: { latitude: 40.71, longitude: -74.0 },
    });
    expect(ny.body.result).toEqual({ timeZone: 'America/New_York' });
    const wrong = await call(t, c.timeZoneForLocation, {
      token: owner,
      query: invalid({ latitude: 91, longitude: 0 }),
    });
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong)[0]?.field).toBe('latitude');
  });
});

describe('duplicate titles', () => {
  it('ignores case and spaces, ignores the event itself and other organizations; publishing one answers 409', async () => {
    const first = await createSingle({ title: 'Blue Note Evening' });
    const check = (title: string, eventId?: string, organizationId = orgId, token = owner) =>
      call(t, c.checkEventTitleDuplicacy, {
        token,
        query: { organizationId, title, ...(eventId ? { eventId } : {}) },
      });
    for (const variant of ['blue note evening', '  BLUE   Note  Evening ', 'Blue\tNote Evening']) {
      const answer = await check(variant);
      expect(answer.body.result).toEqual({
        duplicate: true,
        existing: { _id: first._id, name: 'Blue Note Evening' },
      });
    }
    expect((await check('Blue Note Evening', first._id)).body.result).toEqual({
      duplicate: false,
      existing: null,
    });
    expect((await check('Blue Notes Evening')).body.result.duplicate).toBe(false);
    expect((await check('Blue Note Evening', undefined, rivalOrgId, rival)).body.result.duplicate).toBe(
      false,
    );

    const again = await call(t, c.createSingleEvent, {
      token: owner,
      body: eventInput(f, orgId, { title: ' blue NOTE   evening' }),
    });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      message: c.DUPLICATE_TITLE_MESSAGE,
      errors: [{ field: 'title', message: c.DUPLICATE_TITLE_MESSAGE }],
    });
    // Another organization may use it.
    const elsewhere = await call(t, c.createSingleEvent, {
      token: rival,
      body: eventInput(f, rivalOrgId, { title: 'Blue Note Evening' }),
    });
    expect(elsewhere.status).toBe(200);
    // A draft may keep a duplicate title (the form warns); publishing it is refused.
    const draft = await call(t, c.saveAsDraft, {
      token: owner,
      body: { ...eventInput(f, orgId, { title: 'BLUE NOTE EVENING' }), kind: 'SINGLE' },
    });
    expect(draft.status).toBe(200);
    const publish = await call(t, c.removeFromDraft, {
      token: owner,
      body: { eventId: draft.body.result._id },
    });
    expect(publish.status).toBe(409);
    expect(publish.error?.errors).toEqual([{ field: 'title', message: c.DUPLICATE_TITLE_MESSAGE }]);
    // Renaming a published event onto another's title is refused; keeping its own title is fine.
    const second = await createSingle({ title: 'Second Set' });
    const { _id, ...rest } = { ...eventInput(f, orgId), _id: second._id };
    const rename = await call(t, c.updateSingleEvent, {
      token: owner,
      body: {
        ...rest,
        eventId: _id,
        title: 'blue note evening',
        occurrences: [{ ...dates(1)[0], _id: second.occurrences[0]?._id } as c.OccurrenceInput],
      },
    });
    expect(rename.status).toBe(409);
    expect(rename.error?.errors).toEqual([{ field: 'title', message: c.DUPLICATE_TITLE_MESSAGE }]);
  });
});

describe('duplicate titles under contention', () => {
  it('of five simultaneous publishes of one title, exactly one wins; the others are told why', async () => {
    const base = await listenOnLoopback(t);
    const result = await inParallel(base, 5, (i) => ({
      method: 'POST',
      path: c.createSingleEvent.path,
      headers: clientHeaders(owner),
      body: eventInput(f, orgId, { title: i % 2 ? 'race night' : '  Race   Night ' }),
    }));
    expect(result.byStatus).toEqual({ 200: 1, 409: 4 });
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.organizationId, orgId), eq(events.titleKey, 'race night')));
    expect(row?.n).toBe(1);
  });
});

describe('drafts', () => {
  it('draft → resume → publish with missing fields → field errors → complete → published', async () => {
    const started = await call(t, c.saveAsDraft, {
      token: owner,
      body: { kind: 'MULTI', organizationId: orgId, title: 'Winter Series' },
    });
    expect(started.status).toBe(200);
    const draftId = started.body.result._id;
    expect(started.body.result).toMatchObject({
      status: 'DRAFT',
      kind: 'MULTI',
      startsAt: null,
      timeZone: null,
      capacity: null,
      occurrences: [],
      publishedAt: null,
    });

    const resumed = await call(t, c.saveAsDraft, {
      token: owner,
      body: {
        eventId: draftId,
        kind: 'MULTI',
        organizationId: orgId,
        title: 'Winter Series',
        description: 'Short',
      },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.result.description).toBe('Short');

    const early = await call(t, c.removeFromDraft, { token: owner, body: { eventId: draftId } });
    expect(early.status).toBe(400);
    const fields = fieldErrors(early).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['description', 'categoryId', 'location', 'occurrences', 'ticketTypes']),
    );
    expect(fieldErrors(early)).toContainEqual({
      field: 'description',
      message: 'Describe the event in at least 10 characters',
    });

    // Saved with one date only: a multi event is refused on publish with the kind's rule.
    const oneDate = await call(t, c.saveAsDraft, {
      token: owner,
      body: { ...eventInput(f, orgId, { title: 'Winter Series' }), eventId: draftId, kind: 'MULTI' },
    });
    expect(oneDate.status).toBe(200);
    const stillShort = await call(t, c.removeFromDraft, { token: owner, body: { eventId: draftId } });
    expect(fieldErrors(stillShort)).toEqual([
      { field: 'occurrences', message: 'A multi event needs at least two dates.' },
    ]);

    const complete = await call(t, c.saveAsDraft, {
      token: owner,
      body: {
        ...eventInput(f, orgId, { title: 'Winter Series', occurrences: dates(2) }),
        eventId: draftId,
        kind: 'MULTI',
      },
    });
    expect(complete.status).toBe(200);
    expect(complete.body.result.status).toBe('DRAFT');
    const published = await call(t, c.removeFromDraft, { token: owner, body: { eventId: draftId } });
    expect(published.status).toBe(200);
    expect(published.body.result).toMatchObject({
      status: 'PUBLISHED',
      publishedAt: '2026-11-21T10:00:00.000Z',
      startsAt: '2026-12-02T00:00:00.000Z',
      capacity: 200,
    });
    expect(await inventoryOf(t, draftId)).toHaveLength(2);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, draftId))).map(
      (e) => e.action,
    );
    expect(actions).toEqual([
      'EVENT_DRAFT_SAVED',
      'EVENT_DRAFT_SAVED',
      'EVENT_DRAFT_SAVED',
      'EVENT_DRAFT_SAVED',
      'EVENT_PUBLISHED',
    ]);

    const overPublished = await call(t, c.saveAsDraft, {
      token: owner,
      body: { eventId: draftId, kind: 'MULTI', organizationId: orgId, title: 'Winter Series' },
    });
    expect(overPublished.status).toBe(409);
    const twice = await call(t, c.removeFromDraft, { token: owner, body: { eventId: draftId } });
    expect(twice.status).toBe(409);
  });

  it("a draft's date in the past must be re-selected when it is published", async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: owner,
      body: {
        ...eventInput(f, orgId, {
          title: uniqueTitle('Stale'),
          occurrences: [{ startsAt: '2026-11-20T19:00:00Z', endsAt: '2026-11-20T22:00:00Z' }],
        }),
        kind: 'SINGLE',
      },
    });
    expect(draft.status).toBe(200);
    const publish = await call(t, c.removeFromDraft, {
      token: owner,
      body: { eventId: draft.body.result._id },
    });
    expect(fieldErrors(publish)).toEqual([
      { field: 'occurrences.0.startsAt', message: 'Please re-select event start time.' },
    ]);
  });

  it('saving over a draft of another organization is 404; over one it may not manage, 404', async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: owner,
      body: { kind: 'SINGLE', organizationId: orgId, title: uniqueTitle('Private draft') },
    });
    const stolen = await call(t, c.saveAsDraft, {
      token: rival,
      body: { eventId: draft.body.result._id, kind: 'SINGLE', organizationId: rivalOrgId, title: 'Mine now' },
    });
    expect(stolen.status).toBe(404);
    const publish = await call(t, c.removeFromDraft, {
      token: rival,
      body: { eventId: draft.body.result._id },
    });
    expect(publish.status).toBe(404);
  });
  it('saving over a draft while naming another organization the caller also manages is 404', async () => {
    const draft = await call(t, c.saveAsDraft, {
      token: owner,
      body: { kind: 'SINGLE', organizationId: orgId, title: uniqueTitle('Home draft') },
    });
    const second = await call(t, c.createOrganization, {
      token: owner,
      body: { name: 'Olivia Annex' } as never,
    });
    expect(second.status).toBe(200);
    const moved = await call(t, c.saveAsDraft, {
      token: owner,
      body: {
        eventId: draft.body.result._id,
        kind: 'SINGLE',
        organizationId: second.body.result._id,
        title: 'Moved draft',
      },
    });
    // The route's rule resolved the named organization: a draft of any other one is not found there.
    expect(moved.status).toBe(404);
    expect(moved.error?.message).toBe('The event was not found.');
  });
});

describe('update: dates and ticket types matched by _id', () => {
  it('adds and removes dates, keeps inventory in step, refuses removing a date with sales', async () => {
    const created = await call(t, c.createMultipleEvent, {
      token: owner,
      body: eventInput(f, orgId, { title: uniqueTitle('Series'), occurrences: dates(2) }),
    });
    const event = created.body.result;
    const [first, second] = event.occurrences;
    const ticket = event.ticketTypes[0];
    if (!first || !second || !ticket) throw new Error('fixture');
    const base = { ...eventInput(f, orgId, { title: event.title }), eventId: event._id };
    const keepTicket = [
      { _id: ticket._id, pricing: 'PAID' as const, name: 'General', price: 2500, quantity: 100 },
    ];

    // Add a third date, drop the second.
    const updated = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: [
          { _id: first._id, startsAt: first.startsAt, endsAt: first.endsAt },
          dates(1, 10)[0] as c.OccurrenceInput,
        ],
        ticketTypes: keepTicket,
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const ids = updated.body.result.occurrences.map((o) => o._id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(first._id);
    expect(ids).not.toContain(second._id);
    expect(updated.body.result.endsAt).toBe('2026-12-11T03:00:00.000Z');
    const rows = await inventoryOf(t, event._id);
    expect(rows.map((r) => r.occurrenceId).sort()).toEqual([...ids].sort());
    const third = ids.find((id) => id !== first._id) as string;

    // Tickets sold for the first date: it cannot be removed, nor its ticket type, nor the quantity go below.
    await setSold(t, ticket._id, first._id, 7);
    const removeSold = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: [
          { _id: third, ...dates(1, 10)[0] } as c.OccurrenceInput,
          dates(1, 12)[0] as c.OccurrenceInput,
        ],
        ticketTypes: keepTicket,
      },
    });
    expect(removeSold.status).toBe(409);
    expect(removeSold.error?.message).toMatch(/has 7 tickets sold and cannot be removed/);
    expect(removeSold.error?.errors?.[0]?.field).toBe('occurrences');

    const keepDates = [
      { _id: first._id, startsAt: first.startsAt, endsAt: first.endsAt },
      { _id: third, ...dates(1, 10)[0] } as c.OccurrenceInput,
    ];
    const dropTicket = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: keepDates,
        ticketTypes: [{ pricing: 'FREE', name: 'Other', price: 0, quantity: 5 }],
      },
    });
    expect(dropTicket.status).toBe(409);
    expect(dropTicket.error?.message).toBe(
      'The ticket type "General" has 7 tickets sold and cannot be removed.',
    );

    const below = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: keepDates,
        ticketTypes: [{ ...keepTicket[0], quantity: 6 } as c.TicketTypeInput],
      },
    });
    expect(below.status).toBe(409);
    expect(below.error?.errors).toEqual([
      {
        field: 'ticketTypes.0.quantity',
        message: '7 tickets of this type are already sold; the quantity cannot go below that.',
      },
    ]);

    // Down to exactly what is sold is fine; the sold count shows in the detail.
    const exact = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: keepDates,
        ticketTypes: [{ ...keepTicket[0], quantity: 7 } as c.TicketTypeInput],
      },
    });
    expect(exact.status).toBe(200);
    expect(exact.body.result.ticketTypes[0]).toMatchObject({ quantity: 7, sold: 7 });
    expect(exact.body.result.sold).toBe(7);
    expect((await inventoryOf(t, event._id)).map((r) => r.capacity)).toEqual([7, 7]);

    // A date's own capacity cannot go below the date's sales either.
    await t.db
      .update(eventOccurrences)
      .set({ capacity: 50, sold: 7 })
      .where(eq(eventOccurrences.id, first._id));
    const lowCapacity = await call(t, c.updateMultiEvent, {
      token: owner,
      body: {
        ...base,
        occurrences: [
          { ...keepDates[0], capacity: 5 } as c.OccurrenceInput,
          keepDates[1] as c.OccurrenceInput,
        ],
        ticketTypes: [{ ...keepTicket[0], quantity: 7 } as c.TicketTypeInput],
      },
    });
    expect(lowCapacity.status).toBe(409);
    expect(lowCapacity.error?.errors?.[0]?.field).toBe('occurrences.0.capacity');

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event._id), eq(auditLog.action, 'EVENT_UPDATED')));
    expect(audit).toHaveLength(2);
  });

  it('update-class-creator: a new class type reshapes the inventory, unless sales hold the old shape', async () => {
    const created = await call(t, c.createClassCreator, {
      token: owner,
      body: eventInput(f, orgId, {
        title: uniqueTitle('Ceramics'),
        classTypeId: f.dropIn.id,
        occurrences: dates(3),
      }),
    });
    const klass = created.body.result;
    const ticket = klass.ticketTypes[0];
    if (!ticket) throw new Error('fixture');
    expect(await inventoryOf(t, klass._id)).toHaveLength(3);
    const body = (classTypeId: string): c.UpdateEventInput => ({
      ...eventInput(f, orgId, { title: klass.title, classTypeId }),
      eventId: klass._id,
      occurrences: klass.occurrences.map((o) => ({ _id: o._id, startsAt: o.startsAt, endsAt: o.endsAt })),
      ticketTypes: [{ _id: ticket._id, pricing: 'PAID', name: 'General', price: 2500, quantity: 100 }],
    });
    const asCourse = await call(t, c.updateClassCreator, { token: owner, body: body(f.course.id) });
    expect(asCourse.status).toBe(200);
    expect(asCourse.body.result.classType).toMatchObject({ _id: f.course.id, bookingMode: 'COURSE' });
    const courseRows = await inventoryOf(t, klass._id);
    expect(courseRows.map((r) => [r.occurrenceId, r.capacity])).toEqual([[null, 100]]);

    await setSold(t, ticket._id, null, 2);
    const back = await call(t, c.updateClassCreator, { token: owner, body: body(f.dropIn.id) });
    expect(back.status).toBe(409);
    expect(back.error?.errors).toEqual([
      {
        field: 'classTypeId',
        message: '2 tickets were sold under the other booking mode; the class type cannot change.',
      },
    ]);
    expect(await inventoryOf(t, klass._id)).toHaveLength(1);
  });

  it('an unknown _id is refused on its field', async () => {
    const event = await createSingle();
    const answer = await call(t, c.updateSingleEvent, {
      token: owner,
      body: {
        ...eventInput(f, orgId, { title: event.title }),
        eventId: event._id,
        occurrences: [{ ...dates(1)[0], _id: '99999999-9999-4999-8999-999999999999' } as c.OccurrenceInput],
      },
    });
    expect(fieldErrors(answer)).toEqual([
      { field: 'occurrences.0._id', message: 'This date is not part of the event.' },
    ]);
  });

  it('a date that already started may stay unchanged; moving it into the past is refused', async () => {
    const event = await createSingle({
      occurrences: [{ startsAt: '2026-11-22T10:00:00Z', endsAt: '2026-11-25T10:00:00Z' }],
    });
    const occurrence = event.occurrences[0];
    if (!occurrence) throw new Error('fixture');
    clock.advance(2 * 24 * 3600 * 1000); // now: Nov 23, during the event
    try {
      const base = { ...eventInput(f, orgId, { title: event.title }), eventId: event._id };
      const same = await call(t, c.updateSingleEvent, {
        token: owner,
        body: {
          ...base,
          description: 'Now with a guest pianist on every night.',
          occurrences: [{ _id: occurrence._id, startsAt: occurrence.startsAt, endsAt: occurrence.endsAt }],
        },
      });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      const moved = await call(t, c.updateSingleEvent, {
        token: owner,
        body: {
          ...base,
          occurrences: [{ _id: occurrence._id, startsAt: '2026-11-22T11:00:00Z', endsAt: occurrence.endsAt }],
        },
      });
      expect(fieldErrors(moved)).toEqual([
        { field: 'occurrences.0.startsAt', message: 'Please re-select event start time.' },
      ]);
    } finally {
      clock.advance(-2 * 24 * 3600 * 1000);
    }
  });

  it('the wrong kind of route is refused: a class is edited as a class', async () => {
    const created = await call(t, c.createClassCreator, {
      token: owner,
      body: eventInput(f, orgId, { title: uniqueTitle('Yoga'), classTypeId: f.dropIn.id }),
    });
    const answer = await call(t, c.updateSingleEvent, {
      token: owner,
      body: {
        ...eventInput(f, orgId, { title: created.body.result.title }),
        eventId: created.body.result._id,
      },
    });
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe('This is a class; edit it as a class.');
  });

  it("a cancelled, completed or blocked event can't be edited", async () => {
    for (const change of [
      { status: 'CANCELLED' as const },
      { status: 'COMPLETED' as const },
      { isBlocked: true },
    ]) {
      const event = await createSingle();
      await t.db.update(events).set(change).where(eq(events.id, event._id));
      const answer = await call(t, c.updateSingleEvent, {
        token: owner,
        body: { ...eventInput(f, orgId, { title: event.title }), eventId: event._id },
      });
      expect(answer.status).toBe(409);
      expect(answer.error?.message).toBe("This event can't be edited");
    }
  });

  it('an event cannot move to another organization', async () => {
    const event = await createSingle();
    const answer = await call(t, c.updateSingleEvent, {
      token: owner,
      body: {
        ...eventInput(f, orgId, { title: event.title }),
        organizationId: rivalOrgId,
        eventId: event._id,
      },
    });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual([
      { field: 'organizationId', message: 'An event cannot move to another organization' },
    ]);
  });
});

describe('who may author', () => {
  it('a member who may only read gets 404 on create; another organizer’s organization is 404', async () => {
    const asReader = await call(t, c.createSingleEvent, {
      token: reader,
      body: eventInput(f, orgId, { title: uniqueTitle('Reader') }),
    });
    expect(asReader.status).toBe(404);
    const draft = await call(t, c.saveAsDraft, {
      token: reader,
      body: { kind: 'SINGLE', organizationId: orgId, title: uniqueTitle('Reader') },
    });
    expect(draft.status).toBe(404);
    const elsewhere = await call(t, c.createSingleEvent, {
      token: rival,
      body: eventInput(f, orgId, { title: uniqueTitle('Rival') }),
    });
    expect(elsewhere.status).toBe(404);
    const event = await createSingle();
    const update = await call(t, c.updateSingleEvent, {
      token: rival,
      body: { ...eventInput(f, orgId, { title: 'Taken over' }), eventId: event._id },
    });
    expect(update.status).toBe(404);
    const asReaderUpdate = await call(t, c.updateSingleEvent, {
      token: reader,
      body: { ...eventInput(f, orgId, { title: 'Taken over' }), eventId: event._id },
    });
    expect(asReaderUpdate.status).toBe(404);
  });

  it('uses the organization’s own maximum per order', async () => {
    await t.db.update(organizations).set({ maxTicketsPerOrder: 4 }).where(eq(organizations.id, rivalOrgId));
    const answer = await call(t, c.createSingleEvent, {
      token: rival,
      body: eventInput(f, rivalOrgId, {
        title: uniqueTitle('Small'),
        ticketTypes: [
          { pricing: 'PAID', name: 'General', price: 100, quantity: 10, minPerOrder: 5, maxPerOrder: 6 },
        ],
      }),
    });
    expect(fieldErrors(answer)).toEqual([
      {
        field: 'ticketTypes.0.maxPerOrder',
        message: "At most 4 tickets per order (the organization's limit)",
      },
      {
        field: 'ticketTypes.0.minPerOrder',
        message: "At most 4 tickets per order (the organization's limit)",
      },
    ]);
  });
});
