import { z } from 'zod';
import { BOOKING_PATH } from './booking.js';
import { MAX_WAITING_QUANTITY } from './constants.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';
import type { HandFileRouteDef } from './share.js';

/**
 * Waiting lists (docs/waiting-list.md): when a ticket type on a date is sold out, buyers join its
 * list; seats that come back are offered in order, held for the offer's period, and bought through the
 * normal checkout with the offer's link. Buyer calls are public and opened by the entry's token;
 * organizer calls declare `manage` on the event (anyone else 404).
 */

export const WaitingListStatus = z.enum(['WAITING', 'OFFERED', 'ACCEPTED', 'EXPIRED', 'REMOVED', 'LEFT']);
export type WaitingListStatus = z.infer<typeof WaitingListStatus>;

export const WAITING_LIST_STATUS_LABELS: Record<WaitingListStatus, string> = {
  WAITING: 'Waiting',
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  EXPIRED: 'Offer expired',
  REMOVED: 'Removed',
  LEFT: 'Left the list',
};

/** An offer holds its seats this many hours unless the organizer sets another period. */
export const DEFAULT_OFFER_HOURS = 24;
export const MAX_OFFER_HOURS = 168;

export const WAITING_LIST_MESSAGES = {
  notSoldOut: 'Tickets of this type are still on sale: buy them instead of joining the waiting list.',
  closed: 'This event has no waiting list.',
  salesOver: 'Sales of these tickets have ended: there is no waiting list for them.',
  unknownType: 'Choose a ticket type of this event',
  unknownDate: 'Choose a date of this event',
  alreadyWaiting: 'This email address is already on the waiting list for these tickets.',
  joined: 'You are on the waiting list.',
  left: 'You have left the waiting list.',
  notWaiting: 'This entry is no longer on the waiting list.',
  noSeats: 'No seats are free to offer: every seat of this type is sold or offered.',
  offered: (n: number) => `${n} ${n === 1 ? 'seat is' : 'seats are'} offered.`,
  removed: 'Removed from the waiting list.',
  offerGone: 'This offer has expired or was already used.',
  offerTooMany: (n: number) => `Your offer holds ${n} ${n === 1 ? 'seat' : 'seats'} of this type.`,
  offerOtherType: 'Your offer is for another ticket type or date.',
} as const;

const eventId = z.uuid({ error: 'Choose an event' });
const entryId = z.uuid({ error: 'Choose a waiting list entry' });
const token = z.string().min(16).max(200);

// ---------- Buyers ----------

export const JoinWaitingListBody = z.object({
  eventId,
  /** The date; omitted for a single event (its only date) and for a course. */
  occurrenceId: z.uuid({ error: WAITING_LIST_MESSAGES.unknownDate }).optional(),
  ticketTypeId: z.uuid({ error: WAITING_LIST_MESSAGES.unknownType }),
  name: z.string().trim().min(2, 'Enter your name').max(120, 'The name can have at most 120 characters'),
  email: z.email({ error: 'Enter a valid email address' }).max(254),
  quantity: z
    .number({ error: 'Enter how many tickets you want' })
    .int('Enter a whole number')
    .min(1, 'Ask for at least 1 ticket')
    .max(MAX_WAITING_QUANTITY, `Ask for at most ${MAX_WAITING_QUANTITY} tickets`),
});
export type JoinWaitingListBody = z.input<typeof JoinWaitingListBody>;

export const WaitingListAccess = z.object({ entryId, token });
export type WaitingListAccess = z.input<typeof WaitingListAccess>;

/** What the person on the list sees through their link. */
export const WaitingListEntryView = z.object({
  _id: z.uuid(),
  /** The link's secret (the one it was opened with): the page's link and the checkout carry it. */
  token: z.string(),
  status: WaitingListStatus,
  /** 1 = next to be offered; null once no longer waiting. */
  position: z.number().int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  /** Seats held for the offer (≤ quantity), 0 without an offer. */
  offeredQuantity: z.number().int(),
  offerExpiresAt: z.string().nullable(),
  event: z.object({ _id: z.uuid(), slug: z.string(), title: z.string(), timeZone: z.string() }),
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string(), endsAt: z.string() }).nullable(),
  ticketType: z.object({ _id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
});
export type WaitingListEntryView = z.infer<typeof WaitingListEntryView>;

const BUYERS = 'Buyers';

export const joinWaitingList = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/join-waiting-list`,
  summary: 'Join the waiting list of a sold-out ticket type on a date; answers the private link token',
  tag: BUYERS,
  access: 'public',
  body: JoinWaitingListBody,
  response: envelope(WaitingListEntryView),
});

export const getWaitingListEntry = defineRoute({
  method: 'GET',
  path: `${BOOKING_PATH}/get-waiting-list-entry`,
  summary: 'A waiting list entry for its person (position, offer), opened by its link token',
  tag: BUYERS,
  access: 'public',
  query: WaitingListAccess,
  response: envelope(WaitingListEntryView),
});

export const leaveWaitingList = defineRoute({
  method: 'POST',
  path: `${BOOKING_PATH}/leave-waiting-list`,
  summary: 'Leave the waiting list (an offer not used yet passes to the next person)',
  tag: BUYERS,
  access: 'public',
  body: WaitingListAccess,
  response: envelope(WaitingListEntryView),
});

// ---------- Organizers ----------

export const WaitingListEntry = z.object({
  _id: z.uuid(),
  /** Place in line among those still waiting on this date and type; null when not waiting. */
  position: z.number().int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  offeredQuantity: z.number().int(),
  status: WaitingListStatus,
  offerExpiresAt: z.string().nullable(),
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
  ticketType: z.object({ _id: z.uuid(), name: z.string() }),
  bookingId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntry>;

export const WaitingListQuery = z.object({
  ...pageQuery.pick({ page: true }).shape,
  limit: z.coerce.number().int().min(1).max(100).default(50),
  eventId,
  occurrenceId: z.uuid({ error: WAITING_LIST_MESSAGES.unknownDate }).optional(),
  ticketTypeId: z.uuid({ error: WAITING_LIST_MESSAGES.unknownType }).optional(),
  status: WaitingListStatus.optional(),
});
export type WaitingListQuery = z.input<typeof WaitingListQuery>;

export const WaitingListSettings = z.object({
  enabled: z.boolean(),
  offerHours: z
    .number({ error: 'Enter a number of hours' })
    .int('Enter whole hours')
    .min(1, 'An offer holds seats for at least 1 hour')
    .max(MAX_OFFER_HOURS, `An offer holds seats for at most ${MAX_OFFER_HOURS} hours`),
});
export type WaitingListSettings = z.infer<typeof WaitingListSettings>;

/** The settings with the list's demand: people and tickets waiting now. */
export const WaitingListSummary = WaitingListSettings.extend({
  peopleWaiting: z.number().int().nonnegative(),
  ticketsWaiting: z.number().int().nonnegative(),
  offersOpen: z.number().int().nonnegative(),
});
export type WaitingListSummary = z.infer<typeof WaitingListSummary>;

const manageBody = { event: 'manage', from: 'body.eventId' } as const;
const manageQuery = { event: 'manage', from: 'query.eventId' } as const;
const TAG = 'Waiting lists';

export const waitingListEntryList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/waiting-list-entry-list`,
  summary: 'The waiting list of an event, in line order per date and ticket type',
  tag: TAG,
  access: manageQuery,
  query: WaitingListQuery,
  response: envelope(pageOf(WaitingListEntry)),
});

export const waitingListSummary = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/get-waiting-list-settings`,
  summary: "An event's waiting list switch, offer period and demand waiting",
  tag: TAG,
  access: manageQuery,
  query: z.object({ eventId }),
  response: envelope(WaitingListSummary),
});

export const updateWaitingListSettings = defineRoute({
  method: 'PUT',
  path: `${ORGANIZER_PATH}/update-waiting-list-settings`,
  summary: "Turn an event's waiting list on or off and set how long an offer holds its seats",
  tag: TAG,
  access: manageBody,
  body: WaitingListSettings.extend({ eventId }),
  response: envelope(WaitingListSummary),
});

export const OfferWaitingListBody = z.object({
  eventId,
  entryId,
  /** Seats to offer; by default all the entry asked for. */
  quantity: z.number().int('Enter a whole number').min(1, 'Offer at least 1 seat').max(100).optional(),
});

export const offerWaitingListSeats = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/offer-waiting-list-seats`,
  summary: 'Offer seats to one person on the waiting list by hand (seats kept for the list or free seats)',
  tag: TAG,
  access: manageBody,
  body: OfferWaitingListBody,
  response: envelope(WaitingListEntry),
});

export const removeWaitingListEntry = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/remove-waiting-list-entry`,
  summary: 'Remove a person from the waiting list (an open offer passes to the next person)',
  tag: TAG,
  access: manageBody,
  body: z.object({ eventId, entryId }),
  response: envelope(WaitingListEntry),
});

/** A file, not the envelope: registered by hand with this declaration (like the event's QR code). */
export const waitingListExport = {
  method: 'GET',
  path: `${ORGANIZER_PATH}/waiting-list-export`,
  summary: 'The waiting list of an event as CSV (every entry, in line order per date and type)',
  tag: TAG,
  access: manageQuery,
  query: z.object({ eventId }),
  produces: ['text/csv; charset=utf-8'],
} as const satisfies HandFileRouteDef;
