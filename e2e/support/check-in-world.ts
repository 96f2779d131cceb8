import {
  addFavoriteUser,
  type BuyerBooking,
  confirmEventOrderRefund,
  createBooking,
  type EventDetail,
  getBuyerBooking,
  HEADERS,
  type Member,
  passwordReset,
  updateOrganizerAndScanners,
} from '@marquee/contract';
import { expect } from 'vitest';
import { type ApiOptions, apiCall, createOwnedEvent, organizerToken } from './api.js';
import { waitForEmail } from './outbox.js';
import { DEMO } from './session.js';

/**
 * The door journey's world, made through the API as clients make it: a free event of the demo
 * organizer's own organization, one order per person (so every banner names its own order code), one
 * ticket refunded by the organizer, and a new member who is a scanner of this event and nothing else.
 */
export interface Door {
  event: EventDetail;
  occurrenceId: string;
  organizerToken: string;
  /** The scanner-only member, with a password set from the invitation link. */
  scanner: { email: string; password: string; name: string };
  /** Filmed by the camera. */
  camera: BuyerBooking;
  /** Refunded before the doors open. */
  refunded: BuyerBooking;
  /** Typed in while the network is down. */
  offline: [BuyerBooking, BuyerBooking];
  /** Never scanned. */
  absent: BuyerBooking;
}

/** The ticket code of a one-ticket order. */
export function codeOf(booking: BuyerBooking): string {
  const [ticket] = booking.tickets;
  if (!ticket) throw new Error(`order ${booking.code} has no ticket`);
  return ticket.code;
}

export async function buildDoor(baseUrl: string): Promise<Door> {
  const run = Date.now();
  const call = <T>(method: 'GET' | 'POST' | 'PUT', route: string, options?: ApiOptions) =>
    apiCall<T>(baseUrl, method, route, options);
  const token = await organizerToken(baseUrl);
  const asOrganizer = { accesstoken: token };

  // Doors open in two hours: the event's only date is the one the screen opens.
  const { event, organizationId } = await createOwnedEvent(baseUrl, token, {
    title: `Door check-in journey ${run}`,
    description: 'An evening for the door check-in journey.',
    startsAt: new Date(Date.now() + 2 * 3600_000),
    ticketType: { pricing: 'FREE', name: 'General admission', price: 0, quantity: 100 },
  });
  const [occurrence] = event.occurrences;
  const [type] = event.ticketTypes;
  if (!occurrence || !type) throw new Error('the new event has no date or no ticket type');

  // One free order per person, as a guest buys it (confirmed at once, tickets with their codes).
  const order = (name: string) =>
    call<BuyerBooking>('POST', createBooking.path, {
      headers: { [HEADERS.idempotencyKey]: `door-${run}-${name.replace(/\W+/g, '-')}` },
      body: {
        eventId: event._id,
        lines: [{ ticketTypeId: type._id, quantity: 1 }],
        buyer: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}+${run}@example.com` },
      },
    });
  const camera = await order('Ada Camera');
  const refunded = await order('Rita Refund');
  const offline: [BuyerBooking, BuyerBooking] = [await order('Cleo Offline'), await order('Dan Offline')];
  const absent = await order('Eve Absent');
  for (const booking of [camera, refunded, ...offline, absent]) expect(booking.status).toBe('CONFIRMED');

  // The organizer refunds Rita's ticket.
  const [ritaTicket] = refunded.tickets;
  if (!ritaTicket) throw new Error('no ticket to refund');
  // (The order's own refund call: the bulk ones skip tickets with no money to give back.)
  await call('POST', confirmEventOrderRefund.path, {
    headers: { ...asOrganizer, [HEADERS.idempotencyKey]: `door-refund-${run}` },
    body: { eventId: event._id, bookingId: refunded._id, ticketIds: [ritaTicket._id] },
  });
  await expect
    .poll(async () => {
      const booking = await call<BuyerBooking>('GET', getBuyerBooking.path, {
        query: { bookingId: refunded._id, token: refunded.accessToken },
      });
      return booking.tickets[0]?.status;
    })
    .toBe('REFUNDED');

  const scanner = await scannerOnlyMember(baseUrl, organizationId, event._id, token, run);
  return {
    event,
    occurrenceId: occurrence._id,
    organizerToken: token,
    scanner,
    camera,
    refunded,
    offline,
    absent,
  };
}

/**
 * A new member of the organization who accepts the invitation (password set from its link, read from the
 * development outbox by the administrator) and is made a scanner of the event: door check-in is all the
 * console holds for them.
 */
async function scannerOnlyMember(
  baseUrl: string,
  organizationId: string,
  eventId: string,
  token: string,
  run: number,
) {
  const call = <T>(method: 'GET' | 'POST' | 'PUT', route: string, options?: ApiOptions) =>
    apiCall<T>(baseUrl, method, route, options);
  const scanner = { email: `door.${run}@example.test`, password: 'Door#12345scan', name: 'Sam Scanner' };
  const member = await call<Member>('POST', addFavoriteUser.path, {
    headers: { accesstoken: token },
    body: { organizationId, email: scanner.email, firstName: 'Sam', lastName: 'Scanner' },
  });
  const admin = await call<{ accessToken: string }>('POST', '/api/v1/user/login', {
    body: { email: DEMO.admin.email, password: DEMO.admin.password },
  });
  const invitation = await waitForEmail(baseUrl, admin.accessToken, scanner.email);
  const link = invitation.text.match(/\/reset-link\/([\w-]+)/)?.[1];
  if (!link) throw new Error(`no invitation link for ${scanner.email}`);
  await call('POST', passwordReset.path, {
    body: { token: link, password: scanner.password, confirmPassword: scanner.password },
  });
  await call('PUT', updateOrganizerAndScanners.path, {
    headers: { accesstoken: token },
    body: { eventId, organizers: [], scanners: [member._id] },
  });
  return scanner;
}
