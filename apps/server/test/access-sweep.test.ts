import type { RouteAccess, RouteDef } from '@marquee/contract';
import * as contract from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../src/lib/tokens.js';
import { call } from './calls.js';
import { clientHeaders, createTestApp, type TestApp } from './helpers.js';
import { buyerAccess } from './refund-fixtures.js';
import { contractRoutes, EVERYONE, inputFor, type RouteWorld, routeWorld, type Who } from './route-world.js';

/**
 * Every route of the contract, called as every kind of caller, answers what EXPECTED_ANSWERS below says
 * (written by hand for every resource, money, permission and door route, so that a declaration loosened
 * by mistake fails here), or for the other role routes what the role implies (shared/design/api.md).
 * A new route is covered the day it is added: this file iterates the
 * contract's exports. The callers, fixtures and each route's valid input come from route-world.ts
 * (shared with the fuzz test).
 */

/**
 * Who passes each role, for the routes the table below does not name. `eventOrganizer` and `scanner`
 * are ACTIVE members of the owner's organization (plain users otherwise); `inactiveMember` was one.
 */
const ROLE_PASSES: Record<Exclude<Extract<RouteAccess, string>, 'public'>, Who[]> = {
  session: [
    'buyer',
    'otherMember',
    'otherOrganizer',
    'inactiveMember',
    'scanner',
    'eventOrganizer',
    'owner',
    'admin',
  ],
  admin: ['admin'],
  organizer: ['otherOrganizer', 'owner', 'admin'],
  'approved-organizer': ['otherOrganizer', 'owner'],
  console: ['otherMember', 'otherOrganizer', 'scanner', 'eventOrganizer', 'owner', 'admin'],
};

type Expected = 'permitted' | 401 | 403 | 404 | 423;

/**
 * The expected answers, written by hand for every route with a resource rule and every route that moves
 * money, grants or takes away a permission, or lets someone through the door: who gets through; every
 * other signed-in caller gets `others` (anonymous callers 401, blocked users 423, callers without the
 * client credentials 403, as for every route). Not derived from the declarations: a declaration
 * loosened by mistake (manage → read, event → organization, resource → role) lets a caller through
 * that this table refuses, and the sweep fails. The fixtures: every event is the owner's organization's,
 * with `eventOrganizer` as its EVENT_ORGANIZER, `scanner` as its SCANNER, and `inactiveMember` (an
 * INACTIVE member of the organization) as an EVENT_ORGANIZER too.
 */
interface ExpectedAnswer {
  through: readonly Who[] | 'everyone';
  others: 403 | 404;
  /** A resource rule with a role: who passes the role; every other signed-in caller gets 403. */
  role?: readonly Who[];
}

/** The organization's owner and the administrators: who may change an organization and its money. */
const RUNS_THE_ORGANIZATION = ['admin', 'owner'] as const;
/** Its owner, the administrators and its ACTIVE members: who may see an organization. */
const IN_THE_ORGANIZATION = ['admin', 'owner', 'eventOrganizer', 'scanner'] as const;
/** The organization's owner, the administrators and the event's organizers: who may see and change an event. */
const RUNS_THE_EVENT = ['admin', 'owner', 'eventOrganizer'] as const;
/** Those, and the event's scanners: who may check people in. */
const AT_THE_DOOR = ['admin', 'owner', 'eventOrganizer', 'scanner'] as const;
/** Administrators, approved organizers and ACTIVE members of some organization: who may open the console. */
const IN_THE_CONSOLE = [
  'admin',
  'owner',
  'otherOrganizer',
  'otherMember',
  'eventOrganizer',
  'scanner',
] as const;
const SIGNED_IN = [
  'admin',
  'owner',
  'otherOrganizer',
  'otherMember',
  'eventOrganizer',
  'scanner',
  'inactiveMember',
  'buyer',
] as const;

const hidden = (through: readonly Who[]): ExpectedAnswer => ({ through, others: 404 });
const refused = (through: readonly Who[]): ExpectedAnswer => ({ through, others: 403 });
const open: ExpectedAnswer = { through: 'everyone', others: 403 };
/** The console's callers (403 for anyone else), and 404 for those of them the resource is hidden from. */
const consoleThenHidden = (through: readonly Who[]): ExpectedAnswer => ({
  through,
  others: 404,
  role: IN_THE_CONSOLE,
});

/** Keyed by the route's export name in packages/contract. */
const EXPECTED_ANSWERS: Record<string, ExpectedAnswer> = {
  // An organization: reading it, changing it, its team, its money.
  getOrganizationDetail: hidden(IN_THE_ORGANIZATION),
  calculateServiceFee: hidden(IN_THE_ORGANIZATION),
  checkEventTitleDuplicacy: hidden(IN_THE_ORGANIZATION),
  updateOrganization: hidden(RUNS_THE_ORGANIZATION),
  updateRefundSetting: hidden(RUNS_THE_ORGANIZATION),
  updateTicketSetting: hidden(RUNS_THE_ORGANIZATION),
  organizationUserList: hidden(RUNS_THE_ORGANIZATION),
  getFavoriteUserList: hidden(RUNS_THE_ORGANIZATION),
  addFavoriteUser: hidden(RUNS_THE_ORGANIZATION),
  createSingleEvent: hidden(RUNS_THE_ORGANIZATION),
  createMultipleEvent: hidden(RUNS_THE_ORGANIZATION),
  createClassCreator: hidden(RUNS_THE_ORGANIZATION),
  saveAsDraft: hidden(RUNS_THE_ORGANIZATION),
  createDashboardLink: hidden(RUNS_THE_ORGANIZATION),
  createOrganizerAccount: hidden(RUNS_THE_ORGANIZATION),
  getOrganizationBalance: hidden(RUNS_THE_ORGANIZATION),
  getPayoutStatus: hidden(RUNS_THE_ORGANIZATION),
  // A member of the organization (permissions: who is on the team and in what state).
  favoriteUserEventList: hidden(IN_THE_ORGANIZATION),
  favoriteUserDetail: hidden(RUNS_THE_ORGANIZATION),
  favoriteUserUpdateStatus: hidden(RUNS_THE_ORGANIZATION),
  deleteFavoriteUser: hidden(RUNS_THE_ORGANIZATION),
  sendInvite: hidden(RUNS_THE_ORGANIZATION),
  // An event: reading it.
  panelOrganizerEventDetail: hidden(RUNS_THE_EVENT),
  // Sharing: the public page of a draft before it is published, for those who may change the event.
  previewEvent: hidden(RUNS_THE_EVENT),
  checkEventEditDeleteAvailability: hidden(RUNS_THE_EVENT),
  getEventOrganizers: hidden(RUNS_THE_EVENT),
  getTicketScanners: hidden(RUNS_THE_EVENT),
  eventRegisteredUsers: hidden(RUNS_THE_EVENT),
  eventAttendeesList: hidden(RUNS_THE_EVENT),
  organizerEventBookingList: hidden(RUNS_THE_EVENT),
  organizerEventBookingTicketList: hidden(RUNS_THE_EVENT),
  viewTicketList: hidden(RUNS_THE_EVENT),
  getEventRefundProgress: hidden(RUNS_THE_EVENT),
  // An event: changing it, its team, its status.
  updateSingleEvent: hidden(RUNS_THE_EVENT),
  updateMultiEvent: hidden(RUNS_THE_EVENT),
  updateClassCreator: hidden(RUNS_THE_EVENT),
  updateEventStatus: hidden(RUNS_THE_EVENT),
  removeFromDraft: hidden(RUNS_THE_EVENT),
  deleteEvent: hidden(RUNS_THE_EVENT),
  archiveEvent: hidden(RUNS_THE_EVENT),
  organizerPanelEventAction: hidden(RUNS_THE_EVENT),
  updateOrganizerAndScanners: hidden(RUNS_THE_EVENT),
  unlinkUserFromEvent: hidden(RUNS_THE_EVENT),
  // An event's money: cancelling it, refunding it, paying what a cancellation leaves owed.
  cancelEvent: hidden(RUNS_THE_EVENT),
  issueEventRefund: hidden(RUNS_THE_EVENT),
  confirmEventRefund: hidden(RUNS_THE_EVENT),
  eventOrdersIssueRefunds: hidden(RUNS_THE_EVENT),
  eventTicketsIssueRefunds: hidden(RUNS_THE_EVENT),
  payDueToCancelEvent: hidden(RUNS_THE_EVENT),
  // Messages to an event's attendees: those who run the event (scanners are hidden from them too).
  attendeeMessageRecipientCount: hidden(RUNS_THE_EVENT),
  previewAttendeeMessage: hidden(RUNS_THE_EVENT),
  sendAttendeeMessageTest: hidden(RUNS_THE_EVENT),
  sendAttendeeMessage: hidden(RUNS_THE_EVENT),
  attendeeMessageList: hidden(RUNS_THE_EVENT),
  attendeeMessageDetail: hidden(RUNS_THE_EVENT),
  // Questions at checkout: those who run the event; the door reads the answers.
  checkoutQuestionList: hidden(RUNS_THE_EVENT),
  createCheckoutQuestion: hidden(RUNS_THE_EVENT),
  updateCheckoutQuestion: hidden(RUNS_THE_EVENT),
  deleteCheckoutQuestion: hidden(RUNS_THE_EVENT),
  reorderCheckoutQuestions: hidden(RUNS_THE_EVENT),
  updateAttendeeDetailSettings: hidden(RUNS_THE_EVENT),
  organizerBookingAnswers: hidden(RUNS_THE_EVENT),
  correctCheckoutAnswer: hidden(RUNS_THE_EVENT),
  eventTicketAnswers: hidden(AT_THE_DOOR),
  // Waiting lists: those who run the event (manage).
  waitingListEntryList: hidden(RUNS_THE_EVENT),
  waitingListSummary: hidden(RUNS_THE_EVENT),
  updateWaitingListSettings: hidden(RUNS_THE_EVENT),
  offerWaitingListSeats: hidden(RUNS_THE_EVENT),
  removeWaitingListEntry: hidden(RUNS_THE_EVENT),
  // Promo codes: those who run the event (scanners are hidden from them too).
  promoCodeList: hidden(RUNS_THE_EVENT),
  createPromoCode: hidden(RUNS_THE_EVENT),
  updatePromoCode: hidden(RUNS_THE_EVENT),
  updatePromoCodeStatus: hidden(RUNS_THE_EVENT),
  deletePromoCode: hidden(RUNS_THE_EVENT),
  bulkCreatePromoCodes: hidden(RUNS_THE_EVENT),
  // An order: the access of its event.
  organizerBookingDetail: hidden(RUNS_THE_EVENT),
  organizerBookingTicketList: hidden(RUNS_THE_EVENT),
  organizerTicketsForRefund: hidden(RUNS_THE_EVENT),
  checkBookingDueAmount: hidden(RUNS_THE_EVENT),
  confirmEventOrderRefund: hidden(RUNS_THE_EVENT),
  resendOrderTickets: hidden(RUNS_THE_EVENT),
  payOrderTicketDueAmount: hidden(RUNS_THE_EVENT),
  issueRefunds: hidden(RUNS_THE_EVENT),
  // A buyer's refund request: the access of its order's event.
  refundProcessed: hidden(RUNS_THE_EVENT),
  bookingRefundProcessed: hidden(RUNS_THE_EVENT),
  declineRefundRequest: hidden(RUNS_THE_EVENT),
  declineBookingRefundRequest: hidden(RUNS_THE_EVENT),
  // The door.
  scanTicket: hidden(AT_THE_DOOR),
  syncOfflineScans: hidden(AT_THE_DOOR),
  markScannedUnscannedTickets: hidden(AT_THE_DOOR),
  checkInCounts: hidden(AT_THE_DOOR),
  checkInAttendeeList: hidden(AT_THE_DOOR),
  checkInOfflineList: hidden(AT_THE_DOOR),
  getScanHistory: hidden(AT_THE_DOOR),
  partiallyEventDetail: hidden(AT_THE_DOOR),
  checkInEventList: refused(IN_THE_CONSOLE),
  // Orders and refunds across the caller's events (scoped lists).
  organizerBookingList: refused(IN_THE_CONSOLE),
  organizerRefundBookingTicketList: refused(IN_THE_CONSOLE),
  // The organizer's dashboards, naming one organization: the console, then that organization.
  organizerDashboard: consoleThenHidden(IN_THE_ORGANIZATION),
  dashboardUpcomingEventList: consoleThenHidden(IN_THE_ORGANIZATION),
  // A buyer's own money: public calls, gated by the order's code and e-mail, not by a session.
  createBooking: open,
  cancelHeldBooking: open,
  getBuyerBooking: open,
  getRefundOptions: open,
  requestRefund: open,
  // Permissions: who becomes an organizer, who is blocked, who owns an organization, who joins one.
  decideOrganizerRequest: refused(['admin']),
  decideNonProfitRequest: refused(['admin']),
  getOrganizerRequestList: refused(['admin']),
  updateUserStatus: refused(['admin']),
  devOutboxList: hidden(['admin']),
  createOrganization: refused(['owner', 'otherOrganizer']),
  requestOrganizerAccess: refused(SIGNED_IN),
  acceptInvitation: open,
};

const routeNames = new Map<RouteDef, string>(
  Object.entries(contract)
    .filter(([, v]) => contractRoutes.includes(v as RouteDef))
    .map(([name, v]) => [v as RouteDef, name]),
);

function expected(route: RouteDef, who: Who, raw?: ExpectedAnswer): Expected {
  if (who === 'wrongClient') return route.clientCredentials === false ? 'permitted' : 403;
  const answer = raw ?? EXPECTED_ANSWERS[routeNames.get(route) ?? ''];
  const access = route.access;
  if (answer ? answer.through === 'everyone' : access === 'public') return 'permitted';
  if (who === 'anonymous') return 401;
  if (who === 'blocked') return 423;
  if (answer?.role && !answer.role.includes(who)) return 403;
  if (answer && answer.through !== 'everyone')
    return answer.through.includes(who) ? 'permitted' : answer.others;
  if (typeof access === 'string' && access !== 'public') {
    return ROLE_PASSES[access].includes(who) ? 'permitted' : (route.refusal?.status ?? 403);
  }
  throw new Error(`${route.method} ${route.path} has a resource rule and no row in EXPECTED_ANSWERS`);
}

/**
 * Routes registered by hand under /api (files rather than the envelope): the same expectations as
 * contract routes of that declaration, with input that passes validation. A resource rule names its
 * expected answer (`answer`) like EXPECTED_ANSWERS does.
 */
const RAW_ROUTES: {
  route: RouteDef;
  query: (f: RouteWorld['fixtures']) => Record<string, string>;
  answer?: ExpectedAnswer;
}[] = [
  {
    route: {
      method: 'GET',
      path: contract.USER_EXPORT_PATH,
      summary: 'user export',
      tag: 'Admin users',
      access: 'admin',
      response: contract.envelope(contract.Id),
    },
    query: () => ({ format: 'csv' }),
  },
  {
    // Of every event: the declaration's role (the event it may name is checked in export.test.ts).
    route: {
      method: 'GET',
      path: contract.EXPORT_PATH,
      summary: 'orders export',
      tag: 'Orders',
      access: 'console',
      response: contract.envelope(contract.Id),
    },
    query: () => ({ kind: 'orders', format: 'csv' }),
  },
  {
    // The QR code of an event's public link: whoever may see the event (the declaration of the contract).
    route: { ...contract.eventQrCode, response: contract.envelope(contract.Id) },
    query: (f) => ({ eventId: f.eventId, format: 'png' }),
    answer: hidden(RUNS_THE_EVENT),
  },
  {
    // An event's waiting list as CSV: those who run the event (manage), 404 to anyone else.
    route: { ...contract.waitingListExport, response: contract.envelope(contract.Id) },
    query: (f) => ({ eventId: f.eventId }),
    answer: hidden(RUNS_THE_EVENT),
  },
  {
    // An event's promo codes as CSV: those who run the event.
    route: { ...contract.exportPromoCodes, response: contract.envelope(contract.Id) },
    query: (f) => ({ eventId: f.eventId }),
    answer: hidden(RUNS_THE_EVENT),
  },
];

/** The contract's file routes (`defineFileRoute`): every one is swept below with a real booking's token. */
const fileRoutes = (Object.values(contract) as unknown[]).filter(
  (v): v is contract.FileRouteDef =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'file' in v,
);

/**
 * Who a file route lets through, keyed by its export name: the buyer's files are opened by the order's
 * token, not by a session, so everyone holding it passes (and a wrong token is 404, checked below).
 */
const FILE_ANSWERS: Record<string, ExpectedAnswer> = {
  bookingTicketsPdf: open,
  bookingCalendar: open,
};

describe('access sweep: every contract route, every kind of caller', () => {
  let t: TestApp;
  let world: RouteWorld;

  beforeAll(async () => {
    t = await createTestApp();
    world = await routeWorld(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds the contract routes', () => {
    expect(contractRoutes.length).toBeGreaterThan(60);
  });

  it('has a hand-written row for every route with a resource rule, and no row for a route that is gone', () => {
    const withoutRow = contractRoutes
      .filter((route) => typeof route.access === 'object' && !EXPECTED_ANSWERS[routeNames.get(route) ?? ''])
      .map((route) => `${routeNames.get(route)} (${route.method} ${route.path})`);
    expect(withoutRow, 'add these to EXPECTED_ANSWERS').toEqual([]);
    const named = new Set(routeNames.values());
    expect(Object.keys(EXPECTED_ANSWERS).filter((name) => !named.has(name))).toEqual([]);
  });

  for (const route of contractRoutes) {
    it(`${route.method} ${route.path} (${JSON.stringify(route.access)})`, async () => {
      if (!t.app.hasRoute({ method: route.method, url: route.path })) {
        throw new Error(`${route.method} ${route.path} is in the contract but not registered`);
      }
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who);
        const input = await inputFor(route, world.fixtures);
        const token = await world.tokenFor(who);
        const answer = await call(t, route, {
          query: input.query as never,
          body: input.body as never,
          token,
          ...(who === 'wrongClient'
            ? { headers: { authorization: 'Basic d3Jvbmc6d3Jvbmc=', secretkey: 'wrong' } }
            : route.method !== 'GET'
              ? // Calls that move money require a key; every other change accepts one.
                { headers: { ...clientHeaders(token), 'idempotency-key': newToken() } }
              : {}),
        }).catch((error: unknown) => ({ status: -1, error: String(error) }));
        const { status } = answer;
        const ok =
          want === 'permitted'
            ? ![401, 403, 423].includes(status) &&
              // Role routes never hide; a 404 there is about data (an id with no fixture). Resource
              // routes and routes that refuse with 404 must not 404 a permitted caller.
              !(status === 404 && (typeof route.access === 'object' || route.refusal?.status === 404)) &&
              status !== 500 &&
              // A resource route's check runs after validation: a 400 there would prove nothing.
              !(status === 400 && typeof route.access === 'object')
            : status === want;
        if (!ok)
          failures.push(
            `${who}: expected ${want}, got ${status} ${JSON.stringify('error' in answer ? answer.error : '')}`,
          );
      }
      expect(failures).toEqual([]);
    });
  }

  /** The fixture order's buyer token (set once: the fixture adds the order's sandbox payment). */
  let buyerToken: string | undefined;

  it('has a row for every file route', () => {
    const names = Object.entries(contract)
      .filter(([, v]) => fileRoutes.includes(v as contract.FileRouteDef))
      .map(([name]) => name);
    expect(names.sort()).toEqual(Object.keys(FILE_ANSWERS).sort());
  });

  for (const route of fileRoutes) {
    it(`${route.method} ${route.path} (file, ${JSON.stringify(route.access)})`, async () => {
      expect(t.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
      const bookingId = world.fixtures.bookingId;
      buyerToken ??= await buyerAccess(t.db, bookingId);
      const token = buyerToken;
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const name = Object.entries(contract).find(([, v]) => v === route)?.[0] ?? '';
        const answer = FILE_ANSWERS[name];
        if (!answer) throw new Error(`${route.path}: add it to FILE_ANSWERS`);
        const want: Expected =
          who === 'wrongClient'
            ? 403
            : answer.through === 'everyone' || answer.through.includes(who)
              ? 'permitted'
              : who === 'anonymous'
                ? 401
                : who === 'blocked'
                  ? 423
                  : answer.others;
        const session = await world.tokenFor(who);
        const headers =
          who === 'wrongClient'
            ? { authorization: 'Basic d3Jvbmc6d3Jvbmc=', secretkey: 'wrong' }
            : clientHeaders(session);
        const url = (tokenValue: string) =>
          `${route.path}?${new URLSearchParams({ bookingId, token: tokenValue })}`;
        const status = (await t.app.inject({ method: 'GET', url: url(token), headers })).statusCode;
        if (want === 'permitted' ? status !== 200 : status !== want)
          failures.push(`${who}: expected ${want}, got ${status}`);
        // Whoever asks, a token that does not open the order finds nothing.
        if (want === 'permitted') {
          const wrong = (await t.app.inject({ method: 'GET', url: url(newToken()), headers })).statusCode;
          if (wrong !== 404) failures.push(`${who} with a wrong token: expected 404, got ${wrong}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  for (const { route, query, answer: rawAnswer } of RAW_ROUTES) {
    it(`${route.method} ${route.path} (hand-registered, ${JSON.stringify(route.access)})`, async () => {
      expect(t.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who, rawAnswer);
        const token = await world.tokenFor(who);
        const answer = await t.app.inject({
          method: route.method,
          url: `${route.path}?${new URLSearchParams(query(world.fixtures))}`,
          headers:
            who === 'wrongClient'
              ? { authorization: 'Basic d3Jvbmc6d3Jvbmc=', secretkey: 'wrong' }
              : clientHeaders(token),
        });
        const status = answer.statusCode;
        const ok = want === 'permitted' ? status === 200 : status === want;
        if (!ok) failures.push(`${who}: expected ${want}, got ${status}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
