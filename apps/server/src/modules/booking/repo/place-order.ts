import { auditActor } from '../../../db/audit.js';
import { namedStatement, rowFromJson } from '../../../db/named-statement.js';
import { type BookingRow, bookings } from '../../../db/schema/index.js';
import type { Change } from '../../../db/unit-of-work.js';
import { newBookingCode } from '../codes.js';

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
 * The order, its lines, its timeline, its PENDING payment (paid) or its tickets (free) and its
 * BOOKING_CREATED audit entry in one statement of the checkout's unit of work. Everything hangs on
 * the order's row: a code that is taken (`on conflict … do nothing`) writes nothing, and a new one is
 * drawn. The seats are not taken here: the caller takes them last, so the hot row is locked only from
 * that UPDATE to COMMIT.
 */
const writeOrder = namedStatement<{
  booking: Record<string, unknown>;
  payment_id: string | null;
  tickets: Record<string, unknown>[];
}>(
  'checkout_place_order',
  `with b as (
     insert into bookings (code, access_token_hash, event_id, organization_id, occurrence_id, buyer_user_id,
       buyer_name, buyer_email, status, currency, subtotal, service_fee, total, organizer_amount, fee_paid_by,
       hold_expires_at, confirmed_at, return_path, promo_code_id, promo_code, discount, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       case when $9::booking_status = 'CONFIRMED' then $17::timestamptz end, $18, $19, $20, $21, $17, $17)
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
     select $26, $27, 'BOOKING_CREATED', 'BOOKING', b.id::text, b.organization_id,
       $28::jsonb || jsonb_build_object('code', b.code), $29, $17
     from b
   )
   select to_json(b) as booking, (select id from payment) as payment_id,
     (select coalesce(json_agg(issued order by issued.created_at, issued.id), '[]'::json) from issued) as tickets
   from b`,
);

export async function placeOrder(
  change: Change,
  placed: PlacedOrder,
): Promise<{ booking: BookingRow; paymentId: string | null; tickets: IssuedTicket[] }> {
  const { order } = placed;
  const actor = auditActor(change.who);
  // 32^8 codes: a collision is rare; the unique index decides and another code is drawn.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { rows } = await writeOrder(change.tx, [
      newBookingCode(),
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
      change.now,
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
      change.who.requestId,
    ]);
    const row = rows[0];
    if (!row) continue;
    return {
      booking: rowFromJson(bookings, row.booking),
      paymentId: row.payment_id,
      tickets: row.tickets.map((t) => ({
        id: String(t.id),
        occurrenceId: (t.occurrence_id as string | null) ?? null,
        ticketTypeId: String(t.ticket_type_id),
        code: String(t.code),
        attendeeName: (t.attendee_name as string | null) ?? null,
        status: t.status as IssuedTicket['status'],
        createdAt: new Date(String(t.created_at)),
      })),
    };
  }
  throw new Error('no free booking code after 5 draws');
}
