import * as c from '@marquee/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import {
  activeMember,
  type CatalogFixtures,
  catalogFixtures,
  dates,
  eventInput,
  organizerWithOrganization,
  setSold,
} from '../../../test/event-authoring-fixtures.js';
import { insertEvent } from '../../../test/event-fixtures.js';
import { createTestApp, createUser, loginAs, manualClock, type TestApp } from '../../../test/helpers.js';
import { eventTeam, nonProfitExemptions, organizationMembers, organizations } from '../../db/schema/index.js';

let t: TestApp;
let f: CatalogFixtures;
let owner: { token: string; organizationId: string; userId: string };
let rival: { token: string; organizationId: string };
let admin: string;
let event: c.EventDetail;
let scanner: string;
let eventOrganizer: string;
let bystander: string;

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock(new Date('2026-11-21T10:00:00Z')) });
  f = await catalogFixtures(t);
  const o = await organizerWithOrganization(t, 'Olivia');
  owner = { token: o.token, organizationId: o.organizationId, userId: o.user.id };
  const r = await organizerWithOrganization(t, 'Rita');
  rival = { token: r.token, organizationId: r.organizationId };
  const a = await createUser(t, { role: 'ADMIN' });
  admin = await loginAs(t, a.email, a.password);
  const created = await call(t, c.createMultipleEvent, {
    token: owner.token,
    body: eventInput(f, owner.organizationId, {
      title: 'Autumn Sessions',
      occurrences: dates(2),
      ticketTypes: [
        { pricing: 'PAID', name: 'General', price: 2500, quantity: 50 },
        { pricing: 'FREE', name: 'Guest', price: 0, quantity: 10 },
      ],
    }),
  });
  event = created.body.result;
  // Team: an event organizer, a scanner, and a member with no role on this event.
  const s = await activeMember(t, owner.organizationId, 'Sam');
  const e = await activeMember(t, owner.organizationId, 'Eve');
  const b = await activeMember(t, owner.organizationId, 'Ben');
  scanner = s.token;
  eventOrganizer = e.token;
  bystander = b.token;
  await t.db.insert(eventTeam).values([
    { eventId: event._id, memberId: s.member.id, role: 'SCANNER' },
    { eventId: event._id, memberId: e.member.id, role: 'EVENT_ORGANIZER' },
  ]);
});
afterAll(() => t.close());

describe('panel-organizer-event-detail', () => {
  it('answers everything about the event with its team, sold and capacity', async () => {
    const general = event.ticketTypes.find((x) => x.name === 'General');
    const first = event.occurrences[0];
    if (!general || !first) throw new Error('fixture');
    await setSold(t, general._id, first._id, 4);
    const answer = await call(t, c.panelOrganizerEventDetail, {
      token: owner.token,
      query: { eventId: event._id },
    });
    expect(answer.status).toBe(200);
    const detail = answer.body.result;
    expect(detail).toMatchObject({
      _id: event._id,
      kind: 'MULTI',
      myRole: 'OWNER',
      sold: 4,
      capacity: 2 * 60,
      cancellation: null,
      location: { type: 'VENUE', venueName: 'Blue Hall' },
    });
    expect(detail.ticketTypes.map((x) => [x.name, x.sold])).toEqual([
      ['General', 4],
      ['Guest', 0],
    ]);
    expect(detail.occurrences.map((o) => o.sold)).toEqual([4, 0]);
    expect(detail.team).toEqual([
      expect.objectContaining({ name: 'Eve Member', role: 'EVENT_ORGANIZER', memberStatus: 'ACTIVE' }),
      expect.objectContaining({ name: 'Sam Member', role: 'SCANNER', memberStatus: 'ACTIVE' }),
    ]);
  });

  it('names a member without a name by their email', async () => {
    const [member] = await t.db
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, email: 'nameless@example.test', status: 'INVITED' })
      .returning();
    if (!member) throw new Error('fixture');
    await t.db.insert(eventTeam).values({ eventId: event._id, memberId: member.id, role: 'SCANNER' });
    const answer = await call(t, c.panelOrganizerEventDetail, {
      token: owner.token,
      query: { eventId: event._id },
    });
    expect(answer.body.result.team).toContainEqual(
      expect.objectContaining({ name: 'nameless@example.test', memberStatus: 'INVITED', userId: null }),
    );
    await t.db.delete(eventTeam).where(eq(eventTeam.memberId, member.id));
  });

  it('says what the caller is to the event; a scanner, a bystander and another organizer get 404', async () => {
    const asOrganizer = await call(t, c.panelOrganizerEventDetail, {
      token: eventOrganizer,
      query: { eventId: event._id },
    });
    expect(asOrganizer.body.result.myRole).toBe('EVENT_ORGANIZER');
    const asAdmin = await call(t, c.panelOrganizerEventDetail, {
      token: admin,
      query: { eventId: event._id },
    });
    expect(asAdmin.body.result.myRole).toBe('ADMIN');
    for (const token of [scanner, bystander, rival.token]) {
      const answer = await call(t, c.panelOrganizerEventDetail, { token, query: { eventId: event._id } });
      expect(answer.status).toBe(404);
    }
  });
});

describe('partially-event-detail', () => {
  it('answers the header to anyone who may scan, with their role', async () => {
    const asScanner = await call(t, c.partiallyEventDetail, {
      token: scanner,
      query: { eventId: event._id },
    });
    expect(asScanner.status).toBe(200);
    expect(asScanner.body.result).toEqual({
      _id: event._id,
      kind: 'MULTI',
      title: 'Autumn Sessions',
      image: '/media/22222222-2222-4222-8222-222222222222.jpg',
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      startsAt: '2026-12-02T00:00:00.000Z',
      endsAt: '2026-12-03T03:00:00.000Z',
      timeZone: 'America/New_York',
      locationType: 'VENUE',
      venueName: 'Blue Hall',
      organization: { _id: owner.organizationId, name: 'Olivia Hall', currency: 'USD' },
      myRole: 'SCANNER',
      isBlocked: false,
      isVerified: false,
      isReported: false,
      isArchived: false,
    });
    const asOwner = await call(t, c.partiallyEventDetail, {
      token: owner.token,
      query: { eventId: event._id },
    });
    expect(asOwner.body.result.myRole).toBe('OWNER');
    for (const token of [bystander, rival.token]) {
      expect((await call(t, c.partiallyEventDetail, { token, query: { eventId: event._id } })).status).toBe(
        404,
      );
    }
  });
});

describe('an event whose last date ended', () => {
  // Written straight to the database: published, ended ten days before the clock's "now".
  const endedEvent = async () =>
    (
      await insertEvent(t.db, {
        organizationId: owner.organizationId,
        startsAt: new Date('2026-11-10T18:00:00Z'),
      })
    ).event;

  it('reads COMPLETED in the detail when nothing else completed it first', async () => {
    const ended = await endedEvent();
    const detail = await call(t, c.panelOrganizerEventDetail, {
      token: owner.token,
      query: { eventId: ended.id },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.result.status).toBe('COMPLETED');
  });

  it('reads COMPLETED in the header, and the same in the list', async () => {
    const ended = await endedEvent();
    const header = await call(t, c.partiallyEventDetail, {
      token: owner.token,
      query: { eventId: ended.id },
    });
    expect(header.status).toBe(200);
    expect(header.body.result.status).toBe('COMPLETED');
    const list = await call(t, c.panelOrganizerEventList, {
      token: owner.token,
      query: { tab: 'PAST', search: ended.title },
    });
    expect(list.body.result.items.map((e) => [e._id, e.status])).toEqual([[ended.id, 'COMPLETED']]);
  });
});

describe('event-drop-down-values', () => {
  it('offers the organizations the caller manages with their active members, and the active catalog', async () => {
    const answer = await call(t, c.eventDropDownValues, { token: owner.token });
    expect(answer.status).toBe(200);
    const values = answer.body.result;
    expect(values.organizations).toHaveLength(1);
    expect(values.organizations[0]).toMatchObject({
      _id: owner.organizationId,
      currency: 'USD',
      maxTicketsPerOrder: 10,
      serviceFeePaidBy: 'BUYER',
    });
    // A new event's zone starts as its organization's.
    const [own] = await t.db
      .select({ timeZone: organizations.timeZone })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId));
    expect(values.organizations[0]?.timeZone).toBe(own?.timeZone);
    expect(own?.timeZone).toBeTruthy();
    expect(values.organizations[0]?.members.map((m) => m.name).sort()).toEqual([
      'Ben Member',
      'Eve Member',
      'Sam Member',
    ]);
    const music = values.categories.find((x) => x._id === f.music.id);
    expect(music?.subcategories).toEqual([{ _id: f.jazz.id, name: f.jazz.name }]);
    expect(values.categories.some((x) => x._id === f.closed.id)).toBe(false);
    expect(values.tags.some((x) => x._id === f.live.id)).toBe(true);
    expect(values.tags.some((x) => x._id === f.gone.id)).toBe(false);
    expect(values.classTypes).toContainEqual({
      _id: f.course.id,
      name: f.course.name,
      bookingMode: 'COURSE',
    });
    expect(values.classTypes).toContainEqual({
      _id: f.dropIn.id,
      name: f.dropIn.name,
      bookingMode: 'DROP_IN',
    });
    expect(values.imageLimit).toBe(1);
  });

  it('administrators see every organization; a member who only reads sees none of it', async () => {
    const asAdmin = await call(t, c.eventDropDownValues, { token: admin });
    expect(asAdmin.body.result.organizations.map((o) => o._id)).toEqual(
      expect.arrayContaining([owner.organizationId, rival.organizationId]),
    );
    const asRival = await call(t, c.eventDropDownValues, { token: rival.token });
    expect(asRival.body.result.organizations.map((o) => o._id)).toEqual([rival.organizationId]);
  });

  it('lists organizations of one name in the order of their ids, the same on every call', async () => {
    // Made in the opposite order of their ids: by name alone they came out as they lay on disk.
    const ids = ['f3a1c2d4-0000-4000-8000-000000000001', '0b7e9f10-0000-4000-8000-000000000001'];
    for (const id of ids) {
      await t.db.insert(organizations).values({
        id,
        ownerId: owner.userId,
        name: 'Harbour Events',
        currency: 'USD',
        socialLinks: {
          facebook: null,
          instagram: null,
          x: null,
          linkedin: null,
          youtube: null,
          tiktok: null,
        },
      });
    }
    const twins = async () => {
      const answer = await call(t, c.eventDropDownValues, { token: admin });
      expect(answer.status).toBe(200);
      return answer.body.result.organizations.filter((o) => o.name === 'Harbour Events').map((o) => o._id);
    };
    const sorted = [...ids].sort();
    expect(await twins()).toEqual(sorted);
    expect(await twins()).toEqual(sorted);
    await t.db.delete(organizations).where(inArray(organizations.id, ids));
  });

  it("opens to members, so an event organizer can edit her event with the form's pickers", async () => {
    const asMember = await call(t, c.eventDropDownValues, { token: eventOrganizer });
    expect(asMember.status).toBe(200);
    // She manages no organization: the form adds her event's own, and she sees no one's members.
    expect(asMember.body.result.organizations).toEqual([]);
    expect(asMember.body.result.categories.some((x) => x._id === f.music.id)).toBe(true);
    const zone = await call(t, c.timeZoneForLocation, {
      token: eventOrganizer,
      query: { latitude: 42.1015, longitude: -72.5898 },
    });
    expect(zone.status).toBe(200);
    expect(zone.body.result.timeZone).toBe('America/New_York');
  });
});

describe('calculate-service-fee', () => {
  const items = [
    { key: 'a', pricing: 'PAID' as const, price: 1020 },
    { key: 'b', pricing: 'FREE' as const, price: 0 },
    { key: 'c', pricing: 'DONATION' as const, price: 500 },
  ];

  it('quotes each ticket type as the organization pays it', async () => {
    const onTop = await call(t, c.calculateServiceFee, {
      token: owner.token,
      body: { organizationId: owner.organizationId, items },
    });
    expect(onTop.status).toBe(200);
    expect(onTop.body.result).toEqual({
      currency: 'USD',
      paidBy: 'BUYER',
      waived: false,
      percentBasisPoints: 250,
      fixed: 99,
      items: [
        { key: 'a', pricing: 'PAID', price: 1020, serviceFee: 125, buyerPays: 1145, organizerReceives: 1020 },
        { key: 'b', pricing: 'FREE', price: 0, serviceFee: 0, buyerPays: 0, organizerReceives: 0 },
        {
          key: 'c',
          pricing: 'DONATION',
          price: 500,
          serviceFee: 112,
          buyerPays: 612,
          organizerReceives: 500,
        },
      ],
    });
    await t.db
      .update(organizations)
      .set({ serviceFeePaidBy: 'ABSORBED', currency: 'JPY' })
      .where(eq(organizations.id, owner.organizationId));
    const absorbed = await call(t, c.calculateServiceFee, {
      token: eventOrganizer,
      body: { organizationId: owner.organizationId, items: [{ key: 'a', pricing: 'PAID', price: 1500 }] },
    });
    expect(absorbed.body.result).toMatchObject({
      currency: 'JPY',
      paidBy: 'ABSORBED',
      fixed: 1,
      items: [{ serviceFee: 39, buyerPays: 1500, organizerReceives: 1461 }],
    });
    await t.db
      .update(organizations)
      .set({ serviceFeePaidBy: 'BUYER', currency: 'USD' })
      .where(eq(organizations.id, owner.organizationId));
  });

  it('waives the fee when the owner has an approved non-profit exemption (a pending one does not count)', async () => {
    await t.db.insert(nonProfitExemptions).values({
      userId: owner.userId,
      legalName: 'Olivia Music Trust',
      registrationNumber: 'NP-1',
      documentUrl: '/media/np.pdf',
      status: 'PENDING',
    });
    const pending = await call(t, c.calculateServiceFee, {
      token: owner.token,
      body: { organizationId: owner.organizationId, items },
    });
    expect(pending.body.result.waived).toBe(false);
    await t.db
      .update(nonProfitExemptions)
      .set({ status: 'APPROVED' })
      .where(eq(nonProfitExemptions.userId, owner.userId));
    const waived = await call(t, c.calculateServiceFee, {
      token: owner.token,
      body: { organizationId: owner.organizationId, items },
    });
    expect(waived.body.result.waived).toBe(true);
    expect(waived.body.result.items.map((i) => [i.serviceFee, i.buyerPays])).toEqual([
      [0, 1020],
      [0, 0],
      [0, 500],
    ]);
  });

  it("another organizer's organization is 404", async () => {
    const answer = await call(t, c.calculateServiceFee, {
      token: rival.token,
      body: { organizationId: owner.organizationId, items },
    });
    expect(answer.status).toBe(404);
  });
});
