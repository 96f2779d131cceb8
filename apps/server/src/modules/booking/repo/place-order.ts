import { randomUUID } from 'node:crypto';
import { auditActor } from '../../../db/audit.js';
import { namedStatement, rowFromJson } from '../../../db/named-statement.js';
import { type BookingRow, bookings } from '../../../db/schema/index.js';
import type { Change, SingleChange } from '../../../db/unit-of-work.js';
import { type OutgoingMessage, outboxInsertSql, outboxValues } from '../../messages/index.js';
import { newBookingCode } from '../codes.js';
import { type SeatClaim, SoldOut } from './seats.js';

/** What create-booking writes, all decided in Node before the statement (docs/selling.md, "Checkout"). */
export interface PlacedOrder {
  order: Omit<
    typeof bookings.$inferInsert,
    'id' | 'code' | 'checkoutTokenHash' | 'createdAt' | 'updatedAt' | 'confirmedAt' | 'seats'
  > & { status: 'HELD' | 'CONFIRMED' };
  lines: {
    ticketTypeId: string;
    inventoryId: string;
    name: string;
    quantity: number;
    unitPrice: number;
    unitFee: number;
    unitDiscount: number;
    attendees: string[] | null;
  }[];
  /** The order's timeline entries of this moment. */
  timeline: { kind: string; detail: string }[];
  /** A paid order's PENDING payment, with its provider; none for a free one. */
  paymentProvider: string | null;
  /** A free order's tickets (one per seat), issued with it; none for a held one. */
  tickets: {
    ticketTypeId: string;
    code: string;
    attendeeName: string | null;
    price: number;
    fee: number;
    createdAt: Date;
  }[];
  /** The BOOKING_CREATED audit entry's `after` (the statement adds nothing to it). */
  auditAfter: object;
}

export interface IssuedTicket {
  id: string;
  occurrenceId: string | null;
  ticketTypeId: string;
  code: string;
  attendeeName: string | null;
  status: 'VALID' | 'CANCELLED' | 'REFUNDED';
  createdAt: Date;
}

/**
 * The order and what hangs on it, as the CTEs of one statement: its row (`b`, written only when the SQL
 * condition `guard` holds), its lines, its timeline, its PENDING payment (paid) or its tickets (free) and
 * its BOOKING_CREATED audit entry. Everything selects from `b`: a code that is taken (`on conflict … do
 * nothing`) writes nothing, and a new one is drawn. Parameters $1 … $30.
 */
const orderRows = (guard: string) => `b as (
     insert into bookings (id, code, access_token_hash, event_id, organization_id, occurrence_id, buyer_user_id,
       buyer_name, buyer_email, status, currency, subtotal, service_fee, total, organizer_amount, fee_paid_by,
       hold_expires_at, confirmed_at, return_path, promo_code_id, promo_code, discount, created_at, updated_at)
     select $30, $1, $2, $3, $4, $5, $6, $7, $8, $9::booking_status, $10, $11, $12, $13, $14, $15::service_fee_payer,
       $16::timestamptz, case when $9::booking_status = 'CONFIRMED' then $17::timestamptz end, $18, $19::uuid,
       $20, $21, $17, $17
     where ${guard}
     on conflict (code) do nothing
     returning *
   ), lines as (
     insert into booking_lines (booking_id, ticket_type_id, inventory_id, name, quantity, unit_price, unit_fee,
       unit_discount, attendees)
     select b.id, l."ticketTypeId", l."inventoryId", l.name, l.quantity, l."unitPrice", l."unitFee",
       l."unitDiscount", l.attendees
     from b, jsonb_to_recordset($22::jsonb) as l("ticketTypeId" uuid, "inventoryId" uuid, name text,
       quantity int, "unitPrice" int, "unitFee" int, "unitDiscount" int, attendees jsonb)
   ), timeline as (
     insert into booking_events (booking_id, kind, detail, at)
     select b.id, t.kind, t.detail, $17 from b, jsonb_to_recordset($23::jsonb) as t(kind text, detail text)
   ), payment as (
     insert into payments (booking_id, provider, amount, application_fee, currency, created_at, updated_at)
     select b.id, $24, b.total, b.service_fee, b.currency, $17, $17 from b where $24::text is not null
     returning id
   ), issued as (
     insert into tickets (booking_id, event_id, occurrence_id, ticket_type_id, code, attendee_name, price, fee,
       created_at, updated_at)
     select b.id, b.event_id, b.occurrence_id, t."ticketTypeId", t.code, t."attendeeName", t.price, t.fee,
       t."createdAt", $17
     from b, jsonb_to_recordset($25::jsonb) as t("ticketTypeId" uuid, code text, "attendeeName" text, price int,
       fee int, "createdAt" timestamptz)
     returning id, occurrence_id, ticket_type_id, code, attendee_name, status, created_at
   ), audited as (
     insert into audit_log (actor_id, actor_role, action, entity_type, entity_id, organization_id, after,
       request_id, created_at)
     select $26::uuid, $27, 'BOOKING_CREATED', 'BOOKING', b.id::text, b.organization_id,
       $28::jsonb || jsonb_build_object('code', b.code), $29, $17
     from b
   )`;

const placedColumns = `(select to_json(b) from b) as booking, (select id from payment) as payment_id,
     (select coalesce(json_agg(issued order by issued.created_at, issued.id), '[]'::json) from issued) as tickets`;

type PlacedRow = {
  booking: Record<string, unknown> | null;
  payment_id: string | null;
  tickets: Record<string, unknown>[];
};

/** In a unit of work whose seats the caller takes afterwards (promo codes, offers, answers, several lines). */
const writeOrder = namedStatement<PlacedRow>(
  'checkout_place_order',
  `with ${orderRows('true')} select ${placedColumns}`,
);

/**
 * The whole checkout of one line in one statement, outside BEGIN … COMMIT (`unitOfWork.single`): the
 * type's and the date's rows are locked (inventory first, as everywhere), the order is written only when
 * both fit, the seats are taken only once the order is written, and a free order's confirmation is
 * enqueued with it. PostgreSQL runs it as one transaction, so the hot inventory row is locked only while
 * it runs and commits: no round trip to Node inside the lock (docs/selling.md, "Statements and throughput"). Nothing is
 * read-then-written in Node: the capacity check is made on the locked rows, in the statement.
 * Parameters $31 inventory, $32 date, $33 seats, $34 … $44 the message (`outboxInsertSql`), $45 send it.
 */
const writeOrderWithSeats = namedStatement<
  PlacedRow & { seats_fit: boolean; date_fit: boolean; seats_left: number | null; date_left: number | null }
>(
  'checkout_place_order_with_seats',
  `with inv as (
     select sold, capacity from ticket_inventory where id = $31 for no key update
   ), occ as (
     select sold, capacity from event_occurrences where id = $32 for no key update
   ), fit as (
     select coalesce((select sold + $33 <= capacity from inv), false) as seats,
       coalesce((select capacity is null or sold + $33 <= capacity from occ), $32::uuid is null) as date
   ), ${orderRows('(select seats and date from fit)')}, seats as (
     update ticket_inventory set sold = sold + $33
     where id = $31 and sold + $33 <= capacity and exists (select 1 from b)
     returning id
   ), date as (
     update event_occurrences set sold = sold + $33
     where id = $32 and (capacity is null or sold + $33 <= capacity) and exists (select 1 from b)
     returning id
   ), outbox as (
     ${outboxInsertSql(34, 'exists (select 1 from b) and $45::boolean')}
   )
   select (select seats from fit) as seats_fit, (select date from fit) as date_fit,
     (select greatest(capacity - sold, 0) from inv) as seats_left,
     (select greatest(capacity - sold, 0) from occ) as date_left,
     ${placedColumns}`,
);

export interface Placed {
  booking: BookingRow;
  paymentId: string | null;
  tickets: IssuedTicket[];
}

const issuedOf = (t: Record<string, unknown>): IssuedTicket => ({
  id: String(t.id),
  occurrenceId: (t.occurrence_id as string | null) ?? null,
  ticketTypeId: String(t.ticket_type_id),
  code: String(t.code),
  attendeeName: (t.attendee_name as string | null) ?? null,
  status: t.status as IssuedTicket['status'],
  createdAt: new Date(String(t.created_at)),
});

function orderValues(
  placed: PlacedOrder,
  ref: { id: string; code: string },
  who: SingleChange['who'],
  now: Date,
): unknown[] {
  const { order } = placed;
  const actor = auditActor(who);
  return [
    ref.code,
    order.accessTokenHash,
    order.eventId,
    order.organizationId,
    order.occurrenceId ?? null,
    order.buyerUserId ?? null,
    order.buyerName,
    order.buyerEmail,
    order.status,
    order.currency,
    order.subtotal,
    order.serviceFee,
    order.total,
    order.organizerAmount,
    order.feePaidBy,
    order.holdExpiresAt ?? null,
    now,
    order.returnPath ?? null,
    order.promoCodeId ?? null,
    order.promoCode ?? null,
    order.discount ?? 0,
    JSON.stringify(placed.lines),
    JSON.stringify(placed.timeline),
    placed.paymentProvider,
    JSON.stringify(placed.tickets),
    actor.actorId,
    actor.actorRole,
    JSON.stringify(placed.auditAfter),
    who.requestId,
    ref.id,
  ];
}

const placedOf = (row: PlacedRow & { booking: Record<string, unknown> }): Placed => ({
  booking: rowFromJson(bookings, row.booking),
  paymentId: row.payment_id,
  tickets: row.tickets.map(issuedOf),
});

/** 32^8 codes: a collision is rare; the unique index decides and another code is drawn (at most 5). */
const CODE_DRAWS = 5;

/**
 * One line's order with its seats in one statement (see writeOrderWithSeats); throws `SoldOut` when the
 * type or the date does not have them (nothing is written). `confirmation`: the message a free order
 * enqueues with it, for the order's id and code.
 */
export async function placeOrderWithSeats(
  change: SingleChange,
  placed: PlacedOrder,
  line: SeatClaim['lines'][number] & { occurrenceId: string | null },
  confirmation: ((order: { id: string; code: string }) => OutgoingMessage | null) | null,
): Promise<Placed> {
  const id = randomUUID();
  for (let attempt = 0; attempt < CODE_DRAWS; attempt += 1) {
    const ref = { id, code: newBookingCode() };
    const message = confirmation?.(ref) ?? null;
    const { rows } = await writeOrderWithSeats(change.db, [
      ...orderValues(placed, ref, change.who, change.now),
      line.inventoryId,
      line.occurrenceId,
      line.quantity,
      ...(message ? outboxValues(message, change.now) : Array(11).fill(null)),
      message !== null,
    ]);
    const row = rows[0];
    if (!row) throw new Error('the checkout statement answered nothing');
    if (!row.seats_fit)
      throw new SoldOut(line.index, line.name, Math.min(row.seats_left ?? 0, line.quantity - 1));
    if (!row.date_fit) throw new SoldOut(line.index, line.name, row.date_left ?? 0);
    if (row.booking) return placedOf({ ...row, booking: row.booking });
  }
  throw new Error(`no free booking code after ${CODE_DRAWS} draws`);
}

/** The order and what hangs on it, in the caller's unit of work; the caller takes the seats afterwards. */
export async function placeOrder(change: Change, placed: PlacedOrder): Promise<Placed> {
  const id = randomUUID();
  for (let attempt = 0; attempt < CODE_DRAWS; attempt += 1) {
    const ref = { id, code: newBookingCode() };
    const { rows } = await writeOrder(change.tx, orderValues(placed, ref, change.who, change.now));
    const row = rows[0];
    if (row?.booking) return placedOf({ ...row, booking: row.booking });
  }
  throw new Error(`no free booking code after ${CODE_DRAWS} draws`);
}
