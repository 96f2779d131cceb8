import * as c from '@marquee/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { WebhookDelivery } from '../src/adapters/payments/sandbox-checkout.js';
import { SANDBOX_SIGNATURE_HEADER, signWebhook } from '../src/adapters/payments/webhook-signature.js';
import { installationSecret, SANDBOX_WEBHOOK_SECRET_NAME } from '../src/db/installation-secrets.repo.js';
import {
  auditLog,
  bookings,
  eventTeam,
  ledgerEntries,
  organizations,
  payments,
  sandboxPayments,
  tickets,
} from '../src/db/schema/index.js';
import { settlement } from '../src/modules/booking/index.js';
import { book, guest, sellableEvent } from './checkout-fixtures.js';
import { insertMember } from './event-fixtures.js';
import { createTestApp, createUser, loginAs, type TestApp } from './helpers.js';

/**
 * Paid orders made the way buyers make them (test-only): checkout, then the sandbox's card page with
 * the 4242 test card, whose signed webhook is delivered to this app's webhook route in process. Every
 * delivery is kept, so a test can deliver one again (a provider's redelivery).
 */
export async function paymentsTestApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const deliveries: WebhookDelivery[] = [];
  let app: TestApp | null = null;
  const deliver = async (delivery: WebhookDelivery) => {
    if (!app) throw new Error('the app is not built yet');
    const answer = await app.app.inject({
      method: 'POST',
      url: new URL(delivery.url).pathname,
      headers: delivery.headers,
      payload: delivery.body,
    });
    return { status: answer.statusCode, body: answer.json() as { result: string } };
  };
  app = await createTestApp({
    ...options,
    deps: {
      ...options.deps,
      sandboxWebhookSender: async (delivery) => {
        deliveries.push(delivery);
        return { status: (await deliver(delivery)).status };
      },
    },
  });
  return { t: app, deliveries, deliver };
}

const local = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Pays on the sandbox's card page (as a person would); the webhook is delivered before it answers. */
export async function payOnCardPage(t: TestApp, redirectUrl: string | null, card = '4242424242424242') {
  if (!redirectUrl) throw new Error('no card page link');
  const page = await t.app.inject({ method: 'GET', url: local(redirectUrl) });
  const nonce = /name="nonce" value="([^"]+)"/.exec(page.body)?.[1];
  if (!nonce) throw new Error(`no card page: ${page.statusCode} ${page.body.slice(0, 200)}`);
  const providerRef = new URL(redirectUrl).pathname.split('/').at(-1) as string;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/checkout/${providerRef}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ nonce, card }).toString(),
  });
  if (paid.statusCode !== 303) throw new Error(`card page answered ${paid.statusCode} ${paid.body}`);
  return providerRef;
}

/** The webhook signing secret of the test app's installation (made at its first start). */
export const sandboxSecretOf = (t: TestApp) => installationSecret(t.db, SANDBOX_WEBHOOK_SECRET_NAME);

/**
 * A new signed sandbox event about a payment (another event id: not a redelivery, a late report),
 * signed with the app's own secret, reporting what the sandbox charged unless `charged` says otherwise.
 */
export async function signedEvent(
  t: TestApp,
  providerRef: string,
  type: 'payment.succeeded' | 'payment.failed',
  charged: { amount?: number | null; currency?: string | null; secret?: string } = {},
): Promise<WebhookDelivery> {
  const [sandbox] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerRef));
  const body = JSON.stringify({
    id: `evt_sandbox_${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      providerRef,
      failureReason: type === 'payment.failed' ? 'Declined' : null,
      amount: charged.amount === undefined ? (sandbox?.amount ?? null) : charged.amount,
      currency: charged.currency === undefined ? (sandbox?.currency ?? null) : charged.currency,
    },
  });
  const secret = charged.secret ?? (await sandboxSecretOf(t));
  return {
    url: 'http://localhost/api/v1/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()),
    },
    body,
  };
}

type Sellable = Awaited<ReturnType<typeof sellableEvent>>;

/** A CONFIRMED order of `quantity` seats of the event's first type, paid on the card page. */
export async function paidOrder(t: TestApp, made: Sellable, quantity = 2) {
  const held = await book(t, {
    eventId: made.event.id,
    occurrenceId: made.occurrences[0]?.id,
    lines: [{ ticketTypeId: made.ticketTypes[0]?.id as string, quantity }],
    buyer: guest,
  });
  if (held.status !== 200) throw new Error(`booking refused: ${JSON.stringify(held.body)}`);
  await payOnCardPage(t, held.body.result.payment?.redirectUrl ?? null);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, held.body.result._id));
  if (booking?.status !== 'CONFIRMED') throw new Error(`order not confirmed: ${booking?.status}`);
  const seats = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
  return { booking, tickets: seats.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) };
}

/** The owner's token, and a scanner of the event (an ACTIVE member with the SCANNER role) signed in. */
export async function eventPeople(t: TestApp, made: Sellable) {
  const ownerToken = await loginAs(t, made.owner.email, made.owner.password);
  const scanner = await createUser(t);
  const member = await insertMember(t.db, made.organization.id, { userId: scanner.id, email: scanner.email });
  await t.db.insert(eventTeam).values({ eventId: made.event.id, memberId: member.id, role: 'SCANNER' });
  const scannerToken = await loginAs(t, scanner.email, scanner.password);
  const stranger = await createUser(t, { organizerRequest: 'APPROVED' });
  const strangerToken = await loginAs(t, stranger.email, stranger.password);
  return { ownerToken, scannerToken, strangerToken };
}

/** Sums per posting group of a kind; every group must sum to zero. */
export async function groupSums(t: TestApp, kind: string) {
  const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, kind));
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.groupId, (sums.get(row.groupId) ?? 0) + Number(row.amount));
  return sums;
}

/** Headers of a console call with an idempotency key. */
export const withKey = (headers: Record<string, string>, key: string) => ({
  ...headers,
  [c.HEADERS.idempotencyKey]: key,
});

/**
 * A confirmed, paid booking without the card page: create-booking through HTTP, then the sandbox
 * payment settled as its webhook would (docs/selling.md), on a new event unless `on` names one.
 */
export async function paidBooking(
  t: TestApp,
  options: {
    quantity?: number;
    price?: number;
    paidBy?: 'BUYER' | 'ABSORBED';
    refundServiceFee?: boolean;
    pricing?: 'PAID' | 'FREE';
    /** Another booking of the same event instead of a new event. */
    on?: Awaited<ReturnType<typeof sellableEvent>>;
  } = {},
) {
  const world =
    options.on ??
    (await sellableEvent(t, {
      types: [{ pricing: options.pricing ?? 'PAID', price: options.price ?? 2500, seats: 500 }],
      paidBy: options.paidBy,
      maxTicketsPerOrder: 50,
    }));
  if (options.refundServiceFee !== undefined) {
    await t.db
      .update(organizations)
      .set({ refundServiceFee: options.refundServiceFee })
      .where(eq(organizations.id, world.event.organizationId));
  }
  const type = world.ticketTypes[0];
  if (!type) throw new Error('fixture: no ticket type');
  const made = await book(t, {
    eventId: world.event.id,
    lines: [{ ticketTypeId: type.id, quantity: options.quantity ?? 3 }],
    buyer: guest,
  });
  if (made.status !== 200) throw new Error(`fixture booking: ${made.status} ${JSON.stringify(made.body)}`);
  const bookingId = made.body.result._id;
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (payment?.providerRef) {
    await settlement(t.app.ports).settle({
      provider: 'sandbox',
      providerRef: payment.providerRef,
      outcome: 'SUCCEEDED',
      amount: payment.amount,
      currency: payment.currency,
    });
  }
  const state = await bookingState(t, bookingId);
  const [ticket] = state.tickets;
  if (!ticket) throw new Error('fixture: the booking has no tickets');
  return { ...world, type, bookingId, ticket, ticketIds: state.tickets.map((x) => x.id), ...state };
}

export async function bookingState(t: TestApp, bookingId: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error('fixture: booking missing');
  const seats = await t.db
    .select()
    .from(tickets)
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.createdAt), asc(tickets.id));
  return { booking, tickets: seats };
}

/** Posting groups of every kind whose entries do not add up to zero (there must be none). */
export async function unbalancedGroups(t: TestApp) {
  const rows = await t.db.select().from(ledgerEntries);
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.groupId, (sums.get(row.groupId) ?? 0) + Number(row.amount));
  return [...sums].filter(([, sum]) => sum !== 0);
}

/** Where an order stands after a provider's report: for the tests of refused confirmations. */
export async function confirmationState(t: TestApp, bookingId: string) {
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const issued = await t.db.select().from(tickets).where(eq(tickets.bookingId, bookingId));
  const refusals = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'PAYMENT_CONFIRMATION_REFUSED')))
    .orderBy(asc(auditLog.createdAt));
  return {
    booking: booking?.status,
    payment: payment?.status,
    tickets: issued.length,
    refusals: refusals.map(
      (r) => r.after as { reportedAmount: number; reportedCurrency: string; reason: string },
    ),
  };
}

/** A log that keeps what the app writes (pino's JSON lines), for tests that read its warnings. */
export function keptLog(level: 'warn' | 'info' = 'warn') {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  return {
    lines,
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  };
}
