import type { EventRole, RouteDef } from '@marquee/contract';
import * as contract from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/calls.js';
import {
  type EventWorld,
  eventWorld,
  insertReason,
  PERSONAS,
  type Persona,
} from '../../../test/event-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { type EventLevel, roleAllows } from '../../lib/event-access.js';

/**
 * The role table of docs/events-management.md, enforced: every event call of the contract (tag
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
  if ('event' in access) {
    const role = EVENT_ROLE[who];
    return role && roleAllows(role, access.event as EventLevel) ? 200 : 404;
  }
  const level = 'organization' in access ? access.organization : access.member;
  if (who === 'owner' || who === 'admin') return 200;
  return level === 'read' && MEMBERS.includes(who) ? 200 : 404;
}

let t: TestApp;
let w: EventWorld;
let cancelReason: string;

/** Valid input for the call, on a fresh event of the organization (calls change or delete it). */
async function inputFor(route: RouteDef) {
  const { event } = await w.event();
  const eventId = event.id;
  const inputs: Record<string, { query?: object; body?: object }> = {
    [contract.panelOrganizerEventList.path]: { query: {} },
    [contract.checkEventEditDeleteAvailability.path]: { query: { eventId } },
    [contract.updateEventStatus.path]: { body: { eventId, visibility: 'PRIVATE' } },
    [contract.organizerPanelEventAction.path]: { body: { eventIds: [eventId], action: 'ARCHIVE' } },
    [contract.deleteEvent.path]: { body: { eventId } },
    [contract.archiveEvent.path]: { body: { eventIds: [eventId] } },
    [contract.cancelEvent.path]: { body: { eventId, reasonId: cancelReason } },
    [contract.updateOrganizerAndScanners.path]: {
      body: { eventId, organizers: [w.members.organizer.id], scanners: [w.members.scanner.id] },
    },
    [contract.getEventOrganizers.path]: { query: { eventId } },
    [contract.getTicketScanners.path]: { query: { eventId } },
    [contract.favoriteUserEventList.path]: { query: { memberId: w.members.unassigned.id } },
    [contract.unlinkUserFromEvent.path]: { body: { eventId, memberId: w.members.scanner.id } },
    [contract.panelOrganizerEventDetail.path]: { query: { eventId } },
    [contract.partiallyEventDetail.path]: { query: { eventId } },
  };
  const input = inputs[route.path];
  if (!input) throw new Error(`role matrix: no input for ${route.path}; add one`);
  return input;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await eventWorld(t);
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
