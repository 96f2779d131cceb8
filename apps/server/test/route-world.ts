import { randomUUID } from 'node:crypto';
import * as contract from '@marquee/contract';
import { DEFAULT_REFUND_SETTING, DEFAULT_TICKET_SETTING, type RouteDef } from '@marquee/contract';
import { and, eq, isNull } from 'drizzle-orm';
import {
  attendeeMessages,
  categories,
  checkoutAnswers,
  checkoutQuestions,
  classTypes,
  organizationMembers,
  promoCodes,
  sessions,
  ticketInventory,
  tickets,
  users,
  waitingListEntries,
} from '../src/db/schema/index.js';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { insertBooking } from './booking-fixtures.js';
import { call } from './calls.js';
import { insertEvent, insertReason } from './event-fixtures.js';
import { createUser, loginAs, type TestApp } from './helpers.js';
import { insertRefundReason, insertRefundRequest } from './refund-fixtures.js';

/**
 * One world every contract route can be called in (the access sweep and the fuzz test): users of each
 * kind, an organization with a member, events, orders and refund requests, and for each route input
 * that passes validation so its access check and handler run. A resource route needs input that passes
 * validation (the resource check runs after it): the id fields point at fixtures below, and EXTRA_INPUT
 * adds the other required fields.
 */

/** Every route of the contract (its exports that are route descriptors). */
export const contractRoutes = (Object.values(contract) as unknown[]).filter(
  (v): v is RouteDef =>
    typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'response' in v,
);

/**
 * The kinds of caller. `eventOrganizer` and `scanner` are ACTIVE members of the owner's organization on
 * every fixture event's team (as EVENT_ORGANIZER and SCANNER; plain users otherwise); `inactiveMember`
 * is an INACTIVE member of it, still named as an EVENT_ORGANIZER of every fixture event; `otherMember`
 * is an ACTIVE member of another organization.
 */
export type Who =
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
export const EVERYONE: Who[] = [
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

export interface Fixtures {
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
  /** A message sent to the attendees of `eventId`. */
  attendeeMessageId: string;
  /** A question the event asks, made for one call; every question it asks (at least one). */
  freshQuestionId(eventId: string): Promise<string>;
  questionIdsOf(eventId: string): Promise<string[]>;
  /** An answer of the order, made for one call. */
  freshAnswerId(bookingId: string): Promise<string>;
  /** Someone on the waiting list of a fixture event (its first type and date). */
  waitingEntryOf(eventId: string): Promise<string>;
  /** A promo code made for one call on a fixture event. */
  promoCodeOf(eventId: string): Promise<string>;
  /** What a complete event input needs. */
  categoryId: string;
  classTypeId: string;
}

/** A complete event input (update routes add the event id); its date lies a month ahead. */
export function eventBody(f: Fixtures) {
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
  // Messages to attendees: an audience with one confirmed order on the event, and a message to read.
  [contract.attendeeMessageRecipientCount.path]: async () => ({ query: { audience: 'ALL' } }),
  [contract.previewAttendeeMessage.path]: async () => ({ body: { subject: 'Sweep', body: 'Hello' } }),
  [contract.sendAttendeeMessageTest.path]: async () => ({ body: { subject: 'Sweep', body: 'Hello' } }),
  [contract.sendAttendeeMessage.path]: async (f, id) => {
    await f.orderOf(id);
    return { body: { audience: 'ALL', subject: 'Sweep', body: 'Hello' } };
  },
  [contract.attendeeMessageDetail.path]: async (f) => ({ query: { messageId: f.attendeeMessageId } }),
  // Checkout questions: a question of the event, all of them in order, an answer of the order.
  [contract.createCheckoutQuestion.path]: async () => ({
    body: { scope: 'ORDER', type: 'SHORT_TEXT', label: 'Sweep' },
  }),
  [contract.updateCheckoutQuestion.path]: async (f, id) => ({
    body: { questionId: await f.freshQuestionId(id), scope: 'ORDER', type: 'SHORT_TEXT', label: 'Sweep' },
  }),
  [contract.deleteCheckoutQuestion.path]: async (f, id) => ({
    body: { questionId: await f.freshQuestionId(id) },
  }),
  [contract.reorderCheckoutQuestions.path]: async (f, id) => ({
    body: { questionIds: await f.questionIdsOf(id) },
  }),
  [contract.updateAttendeeDetailSettings.path]: async () => ({
    body: { attendeeNames: false, attendeeEmails: false },
  }),
  [contract.eventTicketAnswers.path]: async () => ({ query: { ticketIds: randomUUID() } }),
  [contract.correctCheckoutAnswer.path]: async (f, id) => ({
    body: { answerId: await f.freshAnswerId(id), value: 'sweep@example.test' },
  }),
  // Waiting lists: someone waiting on the event (an offer finds no seats: a permitted caller gets 409).
  [contract.updateWaitingListSettings.path]: async () => ({ body: { enabled: true, offerHours: 24 } }),
  [contract.offerWaitingListSeats.path]: async (f, id) => ({ body: { entryId: await f.waitingEntryOf(id) } }),
  [contract.removeWaitingListEntry.path]: async (f, id) => ({
    body: { entryId: await f.waitingEntryOf(id) },
  }),
  // Promo codes: a fresh code's text, or a code of the event the call names.
  [contract.createPromoCode.path]: async () => ({ body: { code: sweepCode(), kind: 'PERCENT', amount: 10 } }),
  [contract.bulkCreatePromoCodes.path]: async () => ({ body: { count: 2, kind: 'REVEAL' } }),
  [contract.updatePromoCode.path]: async (f, id) => ({
    body: { promoCodeId: await f.promoCodeOf(id), code: sweepCode(), kind: 'FIXED', amount: 100 },
  }),
  [contract.updatePromoCodeStatus.path]: async (f, id) => ({
    body: { promoCodeId: await f.promoCodeOf(id), status: 'PAUSED' },
  }),
  [contract.deletePromoCode.path]: async (f, id) => ({ body: { promoCodeId: await f.promoCodeOf(id) } }),
};

const sweepCode = () => `SWEEP${randomUUID().slice(0, 8)}`;

/** The fixture id for a resource kind; routes that change a member get a member of their own. */
async function resourceId(route: RouteDef, kind: string, f: Fixtures): Promise<string> {
  if (kind === 'organization') return f.organizationId;
  if (kind === 'member') return route.method === 'GET' ? f.memberId : f.freshMemberId();
  if (kind === 'event') return route.method === 'GET' ? f.eventId : f.freshEventId();
  if (kind === 'booking') return route.method === 'GET' ? f.bookingId : f.freshBookingId();
  if (kind === 'refundRequest') return f.freshRefundRequestId();
  throw new Error(`route world: no fixture for resource kind "${kind}" (${route.path}); add one`);
}

export async function inputFor(route: RouteDef, f: Fixtures) {
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

export async function routeWorld(t: TestApp) {
  const userIds = {} as Record<Exclude<Who, 'anonymous' | 'wrongClient'>, string>;
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
  const addMember = async (orgId: string, values: Partial<typeof organizationMembers.$inferInsert> = {}) => {
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
  // The event every read names: published with its public address, as a publish leaves it (QR codes).
  const readEvent = await insertEvent(t.db, {
    organizationId,
    team,
    values: { slug: `sweep-event-${crypto.randomUUID().slice(0, 8)}` },
  });
  made.set(readEvent.event.id, readEvent);
  const freshBookingId = async () => (await insertBooking(t.db, { event: await newEvent() })).booking.id;
  const freshRefundRequestId = async () => {
    const { booking, tickets } = await insertBooking(t.db, { event: await newEvent() });
    return (await insertRefundRequest(t.db, { booking, tickets })).id;
  };
  const [attendeeMessage] = await t.db
    .insert(attendeeMessages)
    .values({
      eventId: readEvent.event.id,
      organizationId,
      senderId: owner.id,
      senderName: 'Sweep Owner',
      subject: 'Sweep',
      body: 'Hello',
      audience: { kind: 'ALL' },
      audienceLabel: 'Everyone with a ticket',
      recipientCount: 1,
      createdAt: new Date(),
    })
    .returning();
  if (!attendeeMessage) throw new Error('fixture attendee message');
  async function insertQuestion(eventId: string) {
    const [row] = await t.db
      .insert(checkoutQuestions)
      .values({
        eventId,
        organizationId,
        scope: 'ORDER',
        type: 'SHORT_TEXT',
        label: 'Sweep',
        position: 0,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('fixture question');
    return row.id;
  }
  const fixtures: Fixtures = {
    organizationId,
    attendeeMessageId: attendeeMessage.id,
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
      if (!date) throw new Error(`route world: no fixture date for event ${eventId}`);
      return date.id;
    },
    async orderOf(eventId) {
      const event = made.get(eventId);
      if (!event) throw new Error(`route world: no fixture event ${eventId}`);
      const { booking } = await insertBooking(t.db, { event });
      return { bookingId: booking.id, ticketIds: await ticketsOf(booking.id) };
    },
    freshRefundRequestId,
    async waitingEntryOf(eventId) {
      const [line] = await t.db.select().from(ticketInventory).where(eq(ticketInventory.eventId, eventId));
      if (!line) throw new Error(`route world: no fixture inventory for event ${eventId}`);
      const [entry] = await t.db
        .insert(waitingListEntries)
        .values({
          organizationId,
          eventId,
          occurrenceId: line.occurrenceId,
          ticketTypeId: line.ticketTypeId,
          inventoryId: line.id,
          name: 'Sweep Waiting',
          email: 'sweep-waiting@example.test',
          quantity: 1,
          accessTokenHash: hashToken(newToken()),
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      if (!entry) throw new Error('fixture waiting list entry');
      return entry.id;
    },
    async promoCodeOf(eventId) {
      const [code] = await t.db
        .insert(promoCodes)
        .values({ eventId, organizationId, code: sweepCode(), kind: 'REVEAL' })
        .returning();
      if (!code) throw new Error('fixture promo code');
      return code.id;
    },
    declineReasonId: (await insertRefundReason(t.db, 'REFUND_DECLINE')).id,
    freshQuestionId: (eventId) => insertQuestion(eventId),
    async questionIdsOf(eventId) {
      const live = and(eq(checkoutQuestions.eventId, eventId), isNull(checkoutQuestions.deletedAt));
      const rows = await t.db.select({ id: checkoutQuestions.id }).from(checkoutQuestions).where(live);
      return rows.length ? rows.map((r) => r.id) : [await insertQuestion(eventId)];
    },
    async freshAnswerId(bookingId) {
      const [row] = await t.db
        .insert(checkoutAnswers)
        .values({
          bookingId,
          builtin: 'ATTENDEE_EMAIL',
          label: 'Attendee email',
          type: 'EMAIL',
          position: -1,
          value: 'sweep@example.test',
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('fixture answer');
      return row.id;
    },
    categoryId: category.id,
    classTypeId: classType.id,
  };

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

  return { fixtures, userIds, tokenFor, events: made, newEvent };
}

export type RouteWorld = Awaited<ReturnType<typeof routeWorld>>;
