import { randomUUID } from 'node:crypto';
import * as contract from '@marquee/contract';
import {
  DEFAULT_REFUND_SETTING,
  DEFAULT_TICKET_SETTING,
  type RouteAccess,
  type RouteDef,
} from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  classTypes,
  organizationMembers,
  sessions,
  tickets,
  users,
} from '../src/db/schema/index.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { insertBooking } from './booking-fixtures.js';
import { call } from './calls.js';
import { insertEvent, insertReason } from './event-fixtures.js';
import { clientHeaders, createTestApp, createUser, loginAs, type TestApp } from './helpers.js';
import { insertRefundReason, insertRefundRequest } from './refund-fixtures.js';

/**
 * Every route of the contract, called as every kind of caller, answers what EXPECTED_ANSWERS below says
 * (written by hand for every resource, money, permission and door route, so that a declaration loosened
 * by mistake fails here), or for the other role routes what the role implies (shared/design/api.md).
 * A new route is covered the day it is added: this file iterates the
 * contract's exports. A resource route needs input that passes validation (the resource check runs
 * after it): the id fields point at fixtures below, and EXTRA_INPUT adds the other required fields.
 */

const routes = (Object.values(contract) as unknown[]).filter(
  (v): v is RouteDef =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'response' in v,
);

type Who =
  | 'anonymous'
  | 'wrongClient'
  | 'buyer'
  | 'blocked'
  | 'otherMember'
  | 'otherOrganizer'
  | 'inactiveMember'
  | 'scanner'
  | 'eventOrganizer'
  | 'owner'
  | 'admin';
const EVERYONE: Who[] = [
  'anonymous',
  'wrongClient',
  'buyer',
  'blocked',
  'otherMember',
  'otherOrganizer',
  'inactiveMember',
  'scanner',
  'eventOrganizer',
  'owner',
  'admin',
];

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
  // An order: the access of its event.
  organizerBookingDetail: hidden(RUNS_THE_EVENT),
  organizerBookingTicketList: hidden(RUNS_THE_EVENT),
  organizerTicketsForRefund: hidden(RUNS_THE_EVENT),
  checkBookingDueAmount: hidden(RUNS_THE_EVENT),
  confirmEventOrderRefund: hidden(RUNS_THE_EVENT),
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
    .filter(([, v]) => routes.includes(v as RouteDef))
    .map(([name, v]) => [v as RouteDef, name]),
);

function expected(route: RouteDef, who: Who): Expected {
  if (who === 'wrongClient') return route.clientCredentials === false ? 'permitted' : 403;
  const answer = EXPECTED_ANSWERS[routeNames.get(route) ?? ''];
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

interface Fixtures {
  organizationId: string;
  memberId: string;
  /** A member made for one call, for routes that change or remove it. */
  freshMemberId(): Promise<string>;
  /** A published event of the organization (with the fixture team: `memberId` one of its scanners), for routes that read. */
  eventId: string;
  /** An event made for one call, for routes that change, cancel or delete it. */
  freshEventId(): Promise<string>;
  /** A confirmed order of `eventId` (one ticket), for routes that read orders. */
  bookingId: string;
  /** An order made for one call (on an event of its own), for routes that change it. */
  freshBookingId(): Promise<string>;
  /** An active EVENT_CANCEL reason. */
  cancelReasonId: string;
  /** A confirmed order (one ticket) of a fixture event, for bulk routes of that event. */
  orderOf(eventId: string): Promise<{ bookingId: string; ticketIds: string[] }>;
  /** The tickets of an order. */
  ticketsOf(bookingId: string): Promise<string[]>;
  /** The first date of a fixture event (check-in calls name the date they are about). */
  occurrenceOf(eventId: string): string;
  /** A buyer's waiting refund request made for one call (on an order of its own), and a decline reason. */
  freshRefundRequestId(): Promise<string>;
  declineReasonId: string;
  /** What a complete event input needs. */
  categoryId: string;
  classTypeId: string;
}

/** A complete event input (update routes add the event id); its date lies a month ahead. */
function eventBody(f: Fixtures) {
  const start = new Date(Date.now() + 30 * 86_400_000);
  return {
    title: 'Sweep event',
    description: 'An event made by the access sweep.',
    categoryId: f.categoryId,
    classTypeId: f.classTypeId,
    location: { type: 'ONLINE', onlineUrl: 'https://meet.example.test/sweep', timeZone: 'UTC' },
    occurrences: [
      { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() },
    ],
    ticketTypes: [{ pricing: 'PAID', name: 'General', price: 1000, quantity: 10 }],
  };
}

/** Required fields besides the resource id, per route path; without them the resource check never runs. */
/** `id`: the resource id the access rule will resolve (an order or event made for this call). */
const EXTRA_INPUT: Record<string, (f: Fixtures, id: string) => Promise<{ query?: object; body?: object }>> = {
  [contract.updateOrganization.path]: async () => ({ body: { name: 'Harbour Lights' } }),
  [contract.updateRefundSetting.path]: async () => ({ body: { ...DEFAULT_REFUND_SETTING } }),
  [contract.updateTicketSetting.path]: async () => ({ body: { ...DEFAULT_TICKET_SETTING } }),
  [contract.addFavoriteUser.path]: async () => ({
    body: {
      email: `m${newToken().slice(0, 8).toLowerCase()}@example.test`,
      firstName: 'Ada',
      lastName: 'Byron',
      sendInvite: false,
    },
  }),
  [contract.favoriteUserUpdateStatus.path]: async () => ({ body: { status: 'INACTIVE' } }),
  [contract.updateEventStatus.path]: async () => ({ body: { visibility: 'PRIVATE' } }),
  [contract.organizerPanelEventAction.path]: async () => ({ body: { action: 'ARCHIVE' } }),
  [contract.cancelEvent.path]: async (f) => ({ body: { reasonId: f.cancelReasonId } }),
  // Every fixture event has the fixture member on its team.
  [contract.unlinkUserFromEvent.path]: async (f) => ({ body: { memberId: f.memberId } }),
  [contract.createSingleEvent.path]: async (f) => ({ body: eventBody(f) }),
  [contract.createMultipleEvent.path]: async (f) => ({
    body: { ...eventBody(f), occurrences: [...eventBody(f).occurrences, ...eventBody(f).occurrences] },
  }),
  [contract.createClassCreator.path]: async (f) => ({ body: eventBody(f) }),
  [contract.updateSingleEvent.path]: async (f) => ({
    body: { ...eventBody(f), organizationId: f.organizationId },
  }),
  [contract.updateMultiEvent.path]: async (f) => ({
    body: { ...eventBody(f), organizationId: f.organizationId },
  }),
  [contract.updateClassCreator.path]: async (f) => ({
    body: { ...eventBody(f), organizationId: f.organizationId },
  }),
  [contract.saveAsDraft.path]: async () => ({ body: { kind: 'SINGLE', title: 'Sweep draft' } }),
  [contract.checkEventTitleDuplicacy.path]: async () => ({ query: { title: 'Sweep draft' } }),
  [contract.calculateServiceFee.path]: async () => ({
    body: { items: [{ key: 'a', pricing: 'PAID', price: 1000 }] },
  }),
  // view-ticket-list needs a selection, or it is a 400 for an empty one.
  [contract.viewTicketList.path]: async (f) => ({ query: { bookingIds: f.bookingId } }),
  // Refunds organizers start: tickets of the order (or an order of the event) made for the call.
  [contract.checkBookingDueAmount.path]: async (f, id) => ({ body: { ticketIds: await f.ticketsOf(id) } }),
  [contract.confirmEventOrderRefund.path]: async (f, id) => ({ body: { ticketIds: await f.ticketsOf(id) } }),
  [contract.payOrderTicketDueAmount.path]: async (f, id) => ({
    body: { ticketIds: await f.ticketsOf(id), returnPath: '/orders' },
  }),
  [contract.eventOrdersIssueRefunds.path]: async (f, id) => ({
    body: { bookingIds: [(await f.orderOf(id)).bookingId] },
  }),
  [contract.eventTicketsIssueRefunds.path]: async (f, id) => ({
    body: { ticketIds: (await f.orderOf(id)).ticketIds },
  }),
  [contract.payDueToCancelEvent.path]: async () => ({ body: { returnPath: '/orders' } }),
  // A ticket that is not in the request: a permitted caller gets 409, and no money moves.
  [contract.refundProcessed.path]: async () => ({ body: { ticketIds: [randomUUID()] } }),
  [contract.declineRefundRequest.path]: async (f) => ({
    body: { ticketIds: [randomUUID()], reasonId: f.declineReasonId },
  }),
  [contract.declineBookingRefundRequest.path]: async (f) => ({ body: { reasonId: f.declineReasonId } }),
  // The door: a scan of a code that is no ticket (nothing is admitted), and a mark of a ticket of the event.
  [contract.scanTicket.path]: async (f, id) => ({
    body: {
      occurrenceId: f.occurrenceOf(id),
      code: 'SWEEP-NO-TICKET',
      deviceId: 'sweep',
      nonce: randomUUID(),
    },
  }),
  [contract.syncOfflineScans.path]: async (f, id) => ({
    body: {
      deviceId: 'sweep',
      scans: [
        {
          nonce: randomUUID(),
          code: 'SWEEP-NO-TICKET',
          occurrenceId: f.occurrenceOf(id),
          scannedAt: new Date().toISOString(),
          localResult: 'NOT_FOUND',
        },
      ],
    },
  }),
  [contract.markScannedUnscannedTickets.path]: async (f, id) => ({
    body: { occurrenceId: f.occurrenceOf(id), scanned: true, ticketIds: (await f.orderOf(id)).ticketIds },
  }),
  // Check-in reads are about one date of the event.
  [contract.checkInCounts.path]: async (f, id) => ({ query: { occurrenceId: f.occurrenceOf(id) } }),
  [contract.checkInAttendeeList.path]: async (f, id) => ({ query: { occurrenceId: f.occurrenceOf(id) } }),
  [contract.checkInOfflineList.path]: async (f, id) => ({ query: { occurrenceId: f.occurrenceOf(id) } }),
};

/** The fixture id for a resource kind; routes that change a member get a member of their own. */
async function resourceId(route: RouteDef, kind: string, f: Fixtures): Promise<string> {
  if (kind === 'organization') return f.organizationId;
  if (kind === 'member') return route.method === 'GET' ? f.memberId : f.freshMemberId();
  if (kind === 'event') return route.method === 'GET' ? f.eventId : f.freshEventId();
  if (kind === 'booking') return route.method === 'GET' ? f.bookingId : f.freshBookingId();
  if (kind === 'refundRequest') return f.freshRefundRequestId();
  throw new Error(`access-sweep: no fixture for resource kind "${kind}" (${route.path}); add one`);
}

async function inputFor(route: RouteDef, f: Fixtures) {
  let resource: { source: 'query' | 'body'; field: string; id: string } | null = null;
  if (typeof route.access === 'object') {
    const { from, optional: _optional, role: _role, ...rule } = route.access;
    const [source, field] = from.split('.') as ['query' | 'body', string];
    const kind = Object.keys(rule)[0] as string;
    resource = { source, field, id: await resourceId(route, kind, f) };
  }
  // A route whose resource rule was loosened to a role still gets input about a fixture event.
  const extra = (await EXTRA_INPUT[route.path]?.(f, resource?.id ?? f.eventId)) ?? {};
  const input: { query?: Record<string, unknown>; body?: Record<string, unknown> } = {
    query: { ...extra.query },
    body: route.body ? { ...extra.body } : undefined,
  };
  if (resource) {
    const { source, field, id } = resource;
    // Bulk routes name a list of ids (`eventIds`): the schema says which.
    const shape = (route[source] as { shape?: Record<string, { type?: string }> } | undefined)?.shape;
    input[source] = { ...input[source], [field]: shape?.[field]?.type === 'array' ? [id] : id };
  }
  return input;
}

/**
 * Routes registered by hand under /api with a role declaration (files rather than the envelope): the
 * same expectations as contract routes of that role, with input that passes validation.
 */
const RAW_ROUTES: { route: RouteDef; query: Record<string, string> }[] = [
  {
    route: {
      method: 'GET',
      path: contract.USER_EXPORT_PATH,
      summary: 'user export',
      tag: 'Admin users',
      access: 'admin',
      response: contract.envelope(contract.Id),
    },
    query: { format: 'csv' },
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
    query: { kind: 'orders', format: 'csv' },
  },
];

describe('access sweep: every contract route, every kind of caller', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  const userIds = {} as Record<Exclude<Who, 'anonymous' | 'wrongClient'>, string>;

  /** A fresh session per call, so a permitted logout or password change cannot spoil the next call. */
  async function tokenFor(who: Who): Promise<string | undefined> {
    if (who === 'anonymous' || who === 'wrongClient') return undefined;
    const token = newToken();
    await t.db.insert(sessions).values({
      userId: userIds[who],
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const make = async (who: keyof typeof userIds, values: Parameters<typeof createUser>[1]) => {
      userIds[who] = (await createUser(t, values)).id;
    };
    await make('buyer', {});
    await make('blocked', { organizerRequest: 'APPROVED' });
    await make('otherMember', {});
    await make('eventOrganizer', {});
    await make('scanner', {});
    await make('inactiveMember', {});
    await make('admin', { role: 'ADMIN' });
    const owner = await createUser(t, { organizerRequest: 'APPROVED' });
    const other = await createUser(t, { organizerRequest: 'APPROVED' });
    userIds.owner = owner.id;
    userIds.otherOrganizer = other.id;
    await t.db.update(users).set({ status: 'BLOCKED' }).where(eq(users.id, userIds.blocked));

    const create = async (token: string, name: string) => {
      const r = await call(t, contract.createOrganization, { token, body: { name } });
      if (r.status !== 200) throw new Error(`fixture organization: ${r.status}`);
      return r.body.result._id;
    };
    const ownerToken = await loginAs(t, owner.email, owner.password);
    const organizationId = await create(ownerToken, 'Harbour Lights');
    const otherOrganizationId = await create(await loginAs(t, other.email, other.password), 'Elsewhere');
    const addMember = async (
      orgId: string,
      values: Partial<typeof organizationMembers.$inferInsert> = {},
    ) => {
      const [row] = await t.db
        .insert(organizationMembers)
        .values({
          organizationId: orgId,
          email: `${newToken().slice(0, 10).toLowerCase()}@example.test`,
          ...values,
        })
        .returning();
      if (!row) throw new Error('fixture member');
      return row.id;
    };
    await addMember(otherOrganizationId, { userId: userIds.otherMember, status: 'ACTIVE' });
    const memberId = await addMember(organizationId);
    const team = [
      { memberId, role: 'SCANNER' as const },
      {
        memberId: await addMember(organizationId, { userId: userIds.eventOrganizer, status: 'ACTIVE' }),
        role: 'EVENT_ORGANIZER' as const,
      },
      {
        memberId: await addMember(organizationId, { userId: userIds.scanner, status: 'ACTIVE' }),
        role: 'SCANNER' as const,
      },
      {
        memberId: await addMember(organizationId, { userId: userIds.inactiveMember, status: 'INACTIVE' }),
        role: 'EVENT_ORGANIZER' as const,
      },
    ];
    const [category] = await t.db.insert(categories).values({ name: 'Sweep category' }).returning();
    const [classType] = await t.db
      .insert(classTypes)
      .values({ name: 'Sweep class type', bookingMode: 'DROP_IN' })
      .returning();
    if (!category || !classType) throw new Error('fixture catalog');
    const made = new Map<string, Awaited<ReturnType<typeof insertEvent>>>();
    const newEvent = async () => {
      const event = await insertEvent(t.db, { organizationId, team });
      made.set(event.event.id, event);
      return event;
    };
    const ticketsOf = async (bookingId: string) =>
      (await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.bookingId, bookingId))).map(
        (row) => row.id,
      );
    const freshEventId = async () => (await newEvent()).event.id;
    const readEvent = await newEvent();
    const freshBookingId = async () => (await insertBooking(t.db, { event: await newEvent() })).booking.id;
    const freshRefundRequestId = async () => {
      const { booking, tickets } = await insertBooking(t.db, { event: await newEvent() });
      return (await insertRefundRequest(t.db, { booking, tickets })).id;
    };
    fixtures = {
      organizationId,
      memberId,
      freshMemberId: () => addMember(organizationId),
      eventId: readEvent.event.id,
      freshEventId,
      bookingId: (await insertBooking(t.db, { event: readEvent })).booking.id,
      freshBookingId,
      cancelReasonId: (await insertReason(t.db, 'EVENT_CANCEL')).id,
      ticketsOf,
      occurrenceOf(eventId) {
        const date = made.get(eventId)?.occurrences[0];
        if (!date) throw new Error(`access-sweep: no fixture date for event ${eventId}`);
        return date.id;
      },
      async orderOf(eventId) {
        const event = made.get(eventId);
        if (!event) throw new Error(`access-sweep: no fixture event ${eventId}`);
        const { booking } = await insertBooking(t.db, { event });
        return { bookingId: booking.id, ticketIds: await ticketsOf(booking.id) };
      },
      freshRefundRequestId,
      declineReasonId: (await insertRefundReason(t.db, 'REFUND_DECLINE')).id,
      categoryId: category.id,
      classTypeId: classType.id,
    };
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds the contract routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('has a hand-written row for every route with a resource rule, and no row for a route that is gone', () => {
    const withoutRow = routes
      .filter((route) => typeof route.access === 'object' && !EXPECTED_ANSWERS[routeNames.get(route) ?? ''])
      .map((route) => `${routeNames.get(route)} (${route.method} ${route.path})`);
    expect(withoutRow, 'add these to EXPECTED_ANSWERS').toEqual([]);
    const named = new Set(routeNames.values());
    expect(Object.keys(EXPECTED_ANSWERS).filter((name) => !named.has(name))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} ${route.path} (${JSON.stringify(route.access)})`, async () => {
      if (!t.app.hasRoute({ method: route.method, url: route.path })) {
        throw new Error(`${route.method} ${route.path} is in the contract but not registered`);
      }
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who);
        const input = await inputFor(route, fixtures);
        const token = await tokenFor(who);
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

  for (const { route, query } of RAW_ROUTES) {
    it(`${route.method} ${route.path} (hand-registered, ${JSON.stringify(route.access)})`, async () => {
      expect(t.app.hasRoute({ method: route.method, url: route.path })).toBe(true);
      const failures: string[] = [];
      for (const who of EVERYONE) {
        const want = expected(route, who);
        const token = await tokenFor(who);
        const answer = await t.app.inject({
          method: route.method,
          url: `${route.path}?${new URLSearchParams(query)}`,
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
