import type { EventKind, EventRole, RouteDef } from '@marquee/contract';
import * as contract from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import { type CatalogFixtures, catalogFixtures } from '../../../test/event-authoring-fixtures.js';
import {
  type EventWorld,
  eventWorld,
  insertReason,
  PERSONAS,
  type Persona,
} from '../../../test/event-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { type EventLevel, roleAllows } from '../../lib/access/index.js';

/**
 * The role table of docs/events.md, enforced: every event call of the contract (tag
 * "Events"), called by each persona of the table, answers success for what is theirs and 404 (403 for
 * role-level refusals) for what is not. A route not registered on this server (yet) is reported as
 * skipped, never as passed.
 */
const routes = (Object.values(contract) as unknown[]).filter(
  (v): v is RouteDef =>
    typeof v === 'object' &&
    v !== null &&
    'method' in v &&
    'path' in v &&
    'access' in v &&
    // A file answer (the QR code) is not a RouteDef: the access sweep covers it with the hand-registered routes.
    'response' in v &&
    (v as RouteDef).tag === 'Events',
);

const EVENT_ROLE: Partial<Record<Persona, EventRole>> = {
  owner: 'OWNER',
  admin: 'ADMIN',
  organizer: 'EVENT_ORGANIZER',
  scanner: 'SCANNER',
};
/** ACTIVE members of the event's organization (organization 'read'). */
const MEMBERS: Persona[] = ['organizer', 'scanner', 'unassigned'];
const ROLE_PASSES: Record<string, Persona[]> = {
  console: ['owner', 'admin', 'organizer', 'scanner', 'unassigned', 'otherOrganizer'],
  organizer: ['owner', 'admin', 'otherOrganizer'],
  'approved-organizer': ['owner', 'otherOrganizer'],
  admin: ['admin'],
  session: PERSONAS,
};

type Expected = 200 | 403 | 404;

function expected(route: RouteDef, who: Persona): Expected {
  const access = route.access;
  if (typeof access === 'string') {
    return (ROLE_PASSES[access] ?? []).includes(who) ? 200 : ((route.refusal?.status as Expected) ?? 403);
  }
  if ('event' in access || 'booking' in access || 'refundRequest' in access) {
    const role = EVENT_ROLE[who];
    const level =
      'event' in access ? access.event : 'booking' in access ? access.booking : access.refundRequest;
    return role && roleAllows(role, level as EventLevel) ? 200 : 404;
  }
  const level = 'organization' in access ? access.organization : access.member;
  if (who === 'owner' || who === 'admin') return 200;
  return level === 'read' && MEMBERS.includes(who) ? 200 : 404;
}

let t: TestApp;
let w: EventWorld;
let cancelReason: string;
let catalog: CatalogFixtures;

type Input = { query?: object; body?: object };
const unique = () => Math.random().toString(36).slice(2, 10);

/** A complete event input for the organization (create and update calls); a month ahead, titled uniquely. */
function eventBody(kind: EventKind) {
  const start = Date.now() + 30 * 86_400_000;
  const dates = Array.from({ length: kind === 'MULTI' ? 2 : 1 }, (_, i) => {
    const startsAt = new Date(start + i * 86_400_000);
    return {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    };
  });
  return {
    organizationId: w.organization.id,
    title: `Matrix ${kind.toLowerCase()} ${unique()}`,
    description: 'An event made by the role matrix.',
    categoryId: catalog.music.id,
    subcategoryId: catalog.jazz.id,
    tagIds: [catalog.live.id],
    classTypeId: kind === 'CLASS' ? catalog.dropIn.id : null,
    location: { type: 'ONLINE', onlineUrl: 'https://meet.example.test/matrix', timeZone: 'UTC' },
    occurrences: dates,
    ticketTypes: [{ pricing: 'PAID', name: 'General', price: 1000, quantity: 10 }],
  };
}

/** A fresh published event of the kind (class: drop-in), with the organizer and scanner on its team. */
async function freshEvent(kind: EventKind = 'SINGLE') {
  const { event } = await w.event({
    kind,
    values: {
      categoryId: catalog.music.id,
      ...(kind === 'CLASS' ? { classTypeId: catalog.dropIn.id, classBookingMode: 'DROP_IN' as const } : {}),
    },
  });
  return event.id;
}

const update = (kind: EventKind) => async (): Promise<Input> => ({
  body: { ...eventBody(kind), eventId: await freshEvent(kind) },
});

/** Valid input for the call, on a fresh event of the organization (calls change or delete it). */
const INPUTS: Record<string, () => Promise<Input>> = {
  [contract.panelOrganizerEventList.path]: async () => ({ query: {} }),
  [contract.checkEventEditDeleteAvailability.path]: async () => ({
    query: { eventId: await freshEvent() },
  }),
  [contract.updateEventStatus.path]: async () => ({
    body: { eventId: await freshEvent(), visibility: 'PRIVATE' },
  }),
  [contract.organizerPanelEventAction.path]: async () => ({
    body: { eventIds: [await freshEvent()], action: 'ARCHIVE' },
  }),
  [contract.deleteEvent.path]: async () => ({ body: { eventId: await freshEvent() } }),
  [contract.archiveEvent.path]: async () => ({ body: { eventIds: [await freshEvent()] } }),
  [contract.cancelEvent.path]: async () => ({
    body: { eventId: await freshEvent(), reasonId: cancelReason },
  }),
  [contract.updateOrganizerAndScanners.path]: async () => ({
    body: {
      eventId: await freshEvent(),
      organizers: [w.members.organizer.id],
      scanners: [w.members.scanner.id],
    },
  }),
  [contract.getEventOrganizers.path]: async () => ({ query: { eventId: await freshEvent() } }),
  [contract.getTicketScanners.path]: async () => ({ query: { eventId: await freshEvent() } }),
  [contract.favoriteUserEventList.path]: async () => ({ query: { memberId: w.members.unassigned.id } }),
  [contract.unlinkUserFromEvent.path]: async () => ({
    body: { eventId: await freshEvent(), memberId: w.members.scanner.id },
  }),
  [contract.panelOrganizerEventDetail.path]: async () => ({ query: { eventId: await freshEvent() } }),
  [contract.partiallyEventDetail.path]: async () => ({ query: { eventId: await freshEvent() } }),
  [contract.previewEvent.path]: async () => ({ query: { eventId: await freshEvent() } }),
  // Authoring.
  [contract.createSingleEvent.path]: async () => ({ body: eventBody('SINGLE') }),
  [contract.createMultipleEvent.path]: async () => ({ body: eventBody('MULTI') }),
  [contract.createClassCreator.path]: async () => ({ body: eventBody('CLASS') }),
  [contract.updateSingleEvent.path]: update('SINGLE'),
  [contract.updateMultiEvent.path]: update('MULTI'),
  [contract.updateClassCreator.path]: update('CLASS'),
  [contract.saveAsDraft.path]: async () => ({
    body: { kind: 'SINGLE', organizationId: w.organization.id, title: `Matrix draft ${unique()}` },
  }),
  // A draft with every field a published event needs, so publishing it passes.
  [contract.removeFromDraft.path]: async () => {
    const { event } = await w.event({ status: 'DRAFT', values: { categoryId: catalog.music.id } });
    return { body: { eventId: event.id } };
  },
  [contract.checkEventTitleDuplicacy.path]: async () => ({
    query: { organizationId: w.organization.id, title: 'Matrix title' },
  }),
  [contract.eventDropDownValues.path]: async () => ({}),
  [contract.timeZoneForLocation.path]: async () => ({ query: { latitude: 51.5, longitude: -0.12 } }),
  [contract.calculateServiceFee.path]: async () => ({
    body: { organizationId: w.organization.id, items: [{ key: 'a', pricing: 'PAID', price: 1000 }] },
  }),
};

async function inputFor(route: RouteDef): Promise<Input> {
  const input = INPUTS[route.path];
  if (!input) throw new Error(`role matrix: no input for ${route.path}; add one`);
  return input();
}

beforeAll(async () => {
  t = await createTestApp();
  w = await eventWorld(t);
  catalog = await catalogFixtures(t);
  cancelReason = (await insertReason(t.db, 'EVENT_CANCEL')).id;
});
afterAll(async () => {
  await t?.close();
});

describe('event role matrix: every event call × every persona', () => {
  it('finds the event calls', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path} (${JSON.stringify(route.access)})`, async () => {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), 'registered').toBe(true);
      const failures: string[] = [];
      for (const who of PERSONAS) {
        const input = await inputFor(route);
        const answer = await call(t, route, {
          token: w.tokens[who],
          query: input.query as never,
          body: input.body as never,
        });
        const want = expected(route, who);
        if (answer.status !== want) {
          failures.push(`${who}: expected ${want}, got ${answer.status} ${answer.error?.message ?? ''}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('block, unblock, verify, unverify: administrators only (403 for owner and organizer)', async () => {
    for (const action of contract.ADMIN_EVENT_ACTIONS) {
      for (const who of PERSONAS) {
        const { event } = await w.event();
        const r = await call(t, contract.organizerPanelEventAction, {
          token: w.tokens[who],
          body: { eventIds: [event.id], action },
        });
        const want = who === 'admin' ? 200 : who === 'owner' || who === 'organizer' ? 403 : 404;
        expect(`${action} ${who}: ${r.status}`).toBe(`${action} ${who}: ${want}`);
      }
    }
  });
});
