import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { createSandboxPayments } from '../adapters/payments/sandbox.js';
import { DECLINED_REASON } from '../adapters/payments/sandbox-checkout.js';
import type { Config } from '../config.js';
import type { Actor } from '../lib/access/index.js';
import { AppError } from '../lib/errors.js';
import { createCheckout, createSettlement, releaseExpiredHolds } from '../modules/booking/index.js';
import type { FeeRate } from '../modules/events/index.js';
import type { Db } from './client.js';
import {
  bookings,
  type EventRow,
  type EventTicketTypeRow,
  eventOccurrences,
  events,
  eventTicketTypes,
  type InventoryRow,
  type OccurrenceRow,
  organizations,
  payments,
  sandboxPayments,
  ticketInventory,
  users,
} from './schema/index.js';
import { DEMO_EVENT_PLANS } from './seed-events.js';

/** What checkout needs from the configuration; the defaults are the configuration's own. */
export interface SellingSettings {
  publicUrl: string;
  rate: FeeRate;
  holdMinutes: number;
}

export const DEFAULT_SELLING: SellingSettings = {
  publicUrl: 'http://localhost:3000',
  rate: { percentBasisPoints: 250, fixed: 99 },
  holdMinutes: 10,
};

export const sellingSettings = (config: Pick<Config, 'publicUrl' | 'serviceFee' | 'booking'>) => ({
  publicUrl: config.publicUrl,
  rate: config.serviceFee,
  holdMinutes: config.booking.holdMinutes,
});

export interface SeededOrders {
  created: number;
  confirmed: number;
  failed: number;
  expired: number;
  /** Orders the checkout refused (a date sold out meanwhile): counted, never fatal. */
  refused: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How far back the demo orders start; the demo events were published a week before the seeding. */
const HISTORY_DAYS = 6;
/** Share of a date's seats the demo orders fill, for its first date (later dates of a series less). */
const FILL = 0.36;

const FIRST_NAMES = [
  'Alice',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Emma',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Samir',
  'Tess',
  'Umar',
  'Vera',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST_NAMES = [
  'Adams',
  'Becker',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Moreau',
  'Nguyen',
  'Okafor',
  'Patel',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Weber',
];

/** A small deterministic generator (mulberry32): the same demo orders on every fresh database. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

type Outcome = 'PAID' | 'DECLINED' | 'ABANDONED';

interface PlannedOrder {
  at: Date;
  event: EventRow;
  occurrenceId: string | null;
  lines: { ticketTypeId: string; quantity: number; amount?: number; attendees?: string[] }[];
  /** null: the demo buyer, signed in. */
  guest: { name: string; email: string } | null;
  /** What the buyer does on the card page (free orders are confirmed at once, whatever this says). */
  outcome: Outcome;
}

interface SellableEvent {
  event: EventRow;
  maxTicketsPerOrder: number;
  types: EventTicketTypeRow[];
  /** Buyable dates still ahead: an occurrence, or (a course) null for all its sessions. */
  dates: { id: string | null; startsAt: Date; cap: number | null; inventory: InventoryRow[] }[];
}

/**
 * Demo orders (issue 10), made through the checkout and the settlement exactly as buyers and the
 * payment provider make them, so every booking has its lines, tickets, payment, ledger posting, timeline
 * and audit entries: a few hundred over the demo organizations' upcoming dates, paid and free, by guests
 * and the demo buyer, most paid, some declined (FAILED) and some abandoned on the card page (their holds
 * run out: EXPIRED). Orders are dated over the last days by a clock of their own, each paid one settled
 * a few minutes after its checkout, as the sandbox's test cards would have it.
 *
 * Runs after the demo events are committed (checkout works on its own transactions) and only while the
 * demo organizations have no bookings at all: a second start, or a demo someone has already sold
 * tickets in, gets nothing added. No confirmation emails: the guests' addresses are made up and a few
 * hundred messages would bury the development outbox.
 */
export async function seedOrders(
  db: Db,
  options: { now?: Date; selling?: SellingSettings } = {},
): Promise<SeededOrders> {
  const result: SeededOrders = { created: 0, confirmed: 0, failed: 0, expired: 0, refused: 0 };
  const now = options.now ?? new Date();
  const selling = options.selling ?? DEFAULT_SELLING;
  const organizer = await db.query.users.findFirst({ where: eq(users.email, 'organizer@example.com') });
  const buyer = await db.query.users.findFirst({ where: eq(users.email, 'buyer@example.com') });
  if (!organizer || !buyer) return result;
  const orgs = await db
    .select()
    .from(organizations)
    .where(
      and(
        eq(organizations.ownerId, organizer.id),
        inArray(
          organizations.name,
          DEMO_EVENT_PLANS.map((p) => p.organization),
        ),
      ),
    );
  if (orgs.length === 0) return result;
  const orgIds = orgs.map((o) => o.id);
  const [sold] = await db
    .select({ n: count() })
    .from(bookings)
    .where(inArray(bookings.organizationId, orgIds));
  if ((sold?.n ?? 0) > 0) return result;

  const sellable = await loadSellable(db, orgs, now);
  const rng = random(20_261_110);
  const plan = planOrders(sellable, rng, now).sort((a, b) => a.at.getTime() - b.at.getTime());
  if (plan.length === 0) return result;

  let time = plan[0]?.at.getTime() ?? now.getTime();
  const clock = { now: () => new Date(time) };
  const provider = createSandboxPayments({ db, clock, publicUrl: selling.publicUrl });
  const checkout = createCheckout({
    db,
    clock,
    payments: provider,
    publicUrl: selling.publicUrl,
    holdMinutes: selling.holdMinutes,
    rate: selling.rate,
    confirmationEmails: false,
  });
  const settlement = createSettlement({
    db,
    clock,
    confirmationEmails: false,
  });
  // Checkout and audit read only the user of a signed-in actor; the seeding signs nobody in.
  const buyerActor = { user: buyer, session: null } as unknown as Actor;

  try {
    for (const [index, order] of plan.entries()) {
      time = order.at.getTime();
      let booking: Awaited<ReturnType<typeof checkout.create>>;
      try {
        booking = await checkout.create(
          {
            eventId: order.event.id,
            ...(order.occurrenceId ? { occurrenceId: order.occurrenceId } : {}),
            lines: order.lines,
            ...(order.guest ? { buyer: order.guest } : {}),
          },
          order.guest ? null : buyerActor,
          `demo-seed-${index}`,
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result.refused += 1;
        continue;
      }
      result.created += 1;
      if (booking.status === 'CONFIRMED') {
        result.confirmed += 1;
        continue;
      }
      if (order.outcome === 'ABANDONED') continue;
      // The buyer pays on the card page a few minutes later, well inside the hold.
      time += rng.int(1, Math.max(1, selling.holdMinutes - 2)) * 60_000;
      const settled = await payWithTestCard(db, settlement, booking._id, order.outcome, clock.now());
      if (settled === 'CONFIRMED') result.confirmed += 1;
      else if (settled === 'FAILED') result.failed += 1;
    }
  } finally {
    provider.close();
  }
  // Holds abandoned on the card page run out: most were found by later checkouts' sweeps (as on a
  // running server), the last ones by this one.
  await releaseExpiredHolds(db, now);
  const [expired] = await db
    .select({ n: count() })
    .from(bookings)
    .where(and(inArray(bookings.organizationId, orgIds), eq(bookings.status, 'EXPIRED')));
  result.expired = expired?.n ?? 0;
  return result;
}

/**
 * What the sandbox's card page does with a test card (4242… succeeds, 4000…0002 is declined): it marks
 * its own payment, then its webhook hands the outcome to the settlement; here without the HTTP.
 */
async function payWithTestCard(
  db: Db,
  settlement: ReturnType<typeof createSettlement>,
  bookingId: string,
  outcome: Exclude<Outcome, 'ABANDONED'>,
  at: Date,
) {
  const [payment] = await db
    .select({
      provider: payments.provider,
      providerRef: payments.providerRef,
      amount: payments.amount,
      currency: payments.currency,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  if (!payment?.providerRef) return null;
  const succeeded = outcome === 'PAID';
  await db
    .update(sandboxPayments)
    .set({
      status: succeeded ? 'SUCCEEDED' : 'FAILED',
      failureReason: succeeded ? null : DECLINED_REASON,
      cardLast4: succeeded ? '4242' : '0002',
      paidAt: at,
    })
    .where(and(eq(sandboxPayments.id, payment.providerRef), eq(sandboxPayments.status, 'REQUIRES_PAYMENT')));
  return settlement.settle({
    provider: payment.provider,
    providerRef: payment.providerRef,
    outcome: succeeded ? 'SUCCEEDED' : 'FAILED',
    // The card page charges exactly what the payment asked for.
    amount: payment.amount,
    currency: payment.currency,
    ...(succeeded ? {} : { failureReason: DECLINED_REASON }),
  });
}

/** The demo organizations' published events with dates still ahead, and what each date has left. */
async function loadSellable(
  db: Db,
  orgs: { id: string; maxTicketsPerOrder: number }[],
  now: Date,
): Promise<SellableEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        inArray(
          events.organizationId,
          orgs.map((o) => o.id),
        ),
        eq(events.status, 'PUBLISHED'),
        eq(events.isBlocked, false),
        eq(events.isArchived, false),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.title), asc(events.id));
  const ids = rows.map((e) => e.id);
  if (ids.length === 0) return [];
  const types = await db
    .select()
    .from(eventTicketTypes)
    .where(inArray(eventTicketTypes.eventId, ids))
    .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id));
  const occurrences = await db
    .select()
    .from(eventOccurrences)
    .where(inArray(eventOccurrences.eventId, ids))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  const inventory = await db.select().from(ticketInventory).where(inArray(ticketInventory.eventId, ids));
  // A day of margin: every order is dated before now, and a date must still be ahead then.
  const ahead = (o: OccurrenceRow) =>
    o.status !== 'CANCELLED' && o.startsAt.getTime() > now.getTime() + DAY_MS;
  return rows.flatMap((event): SellableEvent[] => {
    const own = occurrences.filter((o) => o.eventId === event.id);
    const stock = inventory.filter((i) => i.eventId === event.id);
    const course = event.kind === 'CLASS' && event.classBookingMode === 'COURSE';
    const first = own[0];
    const dates = course
      ? first && ahead(first)
        ? [{ id: null, startsAt: first.startsAt, cap: null, inventory: stock.filter((i) => !i.occurrenceId) }]
        : []
      : own.filter(ahead).map((o) => ({
          id: o.id,
          startsAt: o.startsAt,
          cap: o.capacity === null ? null : o.capacity - o.sold,
          inventory: stock.filter((i) => i.occurrenceId === o.id),
        }));
    const org = orgs.find((o) => o.id === event.organizationId);
    const sellableTypes = types.filter(
      (t) => t.eventId === event.id && !t.saleStartsAt && (!t.saleEndsAt || t.saleEndsAt > now),
    );
    if (!org || dates.length === 0 || sellableTypes.length === 0) return [];
    return [{ event, maxTicketsPerOrder: org.maxTicketsPerOrder, types: sellableTypes, dates }];
  });
}

/** The orders, date by date: each fills part of the seats left, within every limit checkout enforces. */
function planOrders(sellable: SellableEvent[], rng: Random, now: Date): PlannedOrder[] {
  const planned: PlannedOrder[] = [];
  const historyStart = now.getTime() - HISTORY_DAYS * DAY_MS;
  for (const { event, maxTicketsPerOrder, types, dates } of sellable) {
    for (const [dateIndex, date] of dates.entries()) {
      const left = new Map(
        types.map((t) => {
          const row = date.inventory.find((i) => i.ticketTypeId === t.id);
          return [t.id, row ? row.capacity - row.sold : 0];
        }),
      );
      let dateLeft = date.cap ?? Number.POSITIVE_INFINITY;
      const seats = Math.min(
        dateLeft,
        [...left.values()].reduce((a, b) => a + b, 0),
      );
      // Later dates of a series have sold less so far, as they do.
      let target = Math.floor(seats * FILL * 0.7 ** dateIndex);
      const from = Math.max(historyStart, (event.publishedAt ?? event.createdAt).getTime() + HOUR_MS);
      const until = Math.min(now.getTime() - HOUR_MS, date.startsAt.getTime() - DAY_MS);
      if (until <= from) continue;
      let first = dateIndex === 0;
      for (let attempts = 0; target > 0 && attempts < 200; attempts += 1) {
        const lines = orderLines(types, left, dateLeft, maxTicketsPerOrder, rng);
        if (lines.length === 0) break;
        const quantity = lines.reduce((sum, l) => sum + l.quantity, 0);
        for (const line of lines)
          left.set(line.ticketTypeId, (left.get(line.ticketTypeId) ?? 0) - line.quantity);
        dateLeft -= quantity;
        target -= quantity;
        // The demo buyer's own order on every event (so "my bookings" has something), and a few more.
        const byBuyer = first || rng.next() < 0.03;
        first = false;
        const roll = rng.next();
        const buyer = byBuyer ? null : guest(rng);
        if (event.attendeeNames) {
          for (const line of lines)
            line.attendees = Array.from({ length: line.quantity }, () => guest(rng).name);
        }
        planned.push({
          at: new Date(from + Math.floor(rng.next() * (until - from))),
          event,
          occurrenceId: date.id,
          lines,
          guest: buyer,
          outcome: roll < 0.06 ? 'DECLINED' : roll < 0.13 ? 'ABANDONED' : 'PAID',
        });
      }
    }
  }
  return planned;
}

/** One order's lines: mostly one ticket type, one to three tickets, sometimes a second type. */
function orderLines(
  types: EventTicketTypeRow[],
  left: Map<string, number>,
  dateLeft: number,
  maxTicketsPerOrder: number,
  rng: Random,
): PlannedOrder['lines'] {
  const lines: PlannedOrder['lines'] = [];
  let room = Math.min(maxTicketsPerOrder, dateLeft);
  // Paid types are bought most; the free and donation ones now and then.
  const weighted = types.flatMap((t) => Array(t.pricing === 'PAID' ? 4 : 1).fill(t) as EventTicketTypeRow[]);
  const wanted = rng.next() < 0.15 ? 2 : 1;
  for (let i = 0; i < 6 && lines.length < wanted; i += 1) {
    const type = rng.pick(weighted);
    if (lines.some((l) => l.ticketTypeId === type.id)) continue;
    const max = Math.min(type.maxPerOrder ?? maxTicketsPerOrder, room, left.get(type.id) ?? 0);
    if (max < type.minPerOrder) continue;
    const quantity = Math.min(max, Math.max(type.minPerOrder, rng.pick([1, 1, 1, 2, 2, 2, 3, 4])));
    const amount =
      type.pricing === 'DONATION' ? type.price + rng.pick([0, 0, 200, 500, 1000, 2500]) : undefined;
    lines.push({ ticketTypeId: type.id, quantity, ...(amount === undefined ? {} : { amount }) });
    room -= quantity;
  }
  return lines;
}

function guest(rng: Random) {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return { name: `${first} ${last}`, email: `${plain(first)}.${plain(last)}@example.net` };
}
