import { BOOKING_MESSAGES, type BuyerBooking } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { AppError } from '../../../lib/errors.js';
import { checkAnswers } from '../../checkout-questions/index.js';
import { nudgeDelivery } from '../../messages/index.js';
import { reservePromoUse } from '../../promo-codes/index.js';
import { acceptOffer, seatsHeldByOffer } from '../../waiting-list/index.js';
import type { Selling } from '../checkout.js';
import { buyerOf, type CheckoutBody, pickDate, priceOrder, refuse } from '../checkout-rules.js';
import { newAccessToken } from '../codes.js';
import { usablePromo, useRefused } from '../promo.js';
import { type BuyerBookingParts, buyerBookingOf } from '../queries/buyer-booking.js';
import { checkoutView } from '../queries/checkout-view.js';
import { type PlacedOrder, placeOrder, placeOrderWithSeats } from '../repo/place-order.js';
import { reserveSeats, type SeatClaim } from '../repo/seats.js';
import { dateState, remainingOf } from '../sales-state.js';
import { seatTickets } from '../seat-tickets.js';
import { startPayment } from './start-payment.js';

/**
 * create-booking (docs/selling.md): checks the order against the event as it is now (one read), then in
 * one unit of work records the order HELD with its lines and its pending payment (or CONFIRMED with its
 * tickets when it is free) in one statement and takes the seats last. A paid order's payment is started
 * with the provider after COMMIT, never with locks held. The answer is built from what it knows.
 */
export async function startCheckout(
  selling: Selling,
  body: CheckoutBody,
  actor: Actor | null,
  requestId: string,
): Promise<BuyerBooking> {
  const booking = await placeBooking(selling, body, actor, requestId);
  // A free booking is confirmed here; a paid one by the provider's verdict (settlement.ts), unless refused at once.
  selling.metrics?.checkout('started');
  if (booking.status === 'CONFIRMED') selling.metrics?.checkout('confirmed');
  if (booking.status === 'FAILED') selling.metrics?.checkout('failed');
  return booking;
}

async function placeBooking(
  selling: Selling,
  body: CheckoutBody,
  actor: Actor | null,
  requestId: string,
): Promise<BuyerBooking> {
  const { db, clock } = selling;
  const startedAt = clock.now();
  await selling.releaseHolds(startedAt);
  // One read for all of it (docs/selling.md, "Statements and throughput").
  const { view, questions } = await checkoutView(db, body.eventId, selling.rate);
  const event = view.event;
  const picked = pickDate(view, body);
  const errors = [...picked.errors];
  const buyer = buyerOf(body, actor, errors);
  if (!picked.date) throw refuse(errors);
  const date = picked.date;
  const state = dateState(view, date, startedAt);
  if (state !== 'ON_SALE' && state !== 'SOLD_OUT') {
    throw new AppError(409, BOOKING_MESSAGES.notOnSale, [
      {
        field: view.isCourse || !body.occurrenceId ? 'eventId' : 'occurrenceId',
        message: BOOKING_MESSAGES.notOnSale,
      },
    ]);
  }
  const promo = body.promoCode
    ? await usablePromo(db, {
        eventId: event.id,
        code: body.promoCode,
        occurrenceId: view.isCourse ? null : date.id,
        now: startedAt,
        field: 'promoCode',
      })
    : null;
  const order = priceOrder(view, body, date, startedAt, promo);
  errors.push(...order.errors);
  // Answers to the event's questions as they are now (docs/checkout-questions.md).
  const answers = checkAnswers(questions, event, body);
  errors.push(...answers.errors);
  if (errors.length > 0 || !buyer) throw refuse(errors);
  // A waiting-list offer's seats are counted as taken until its checkout takes them (docs/waiting-list.md).
  const offer = body.waitingListOffer ? await seatsHeldByOffer(db, body.waitingListOffer, startedAt) : null;
  // Cheap early answer when a line cannot fit even now; the guarded UPDATE below is what decides.
  for (const line of order.lines) {
    const left =
      remainingOf(view, date, line.typeId) + (offer?.inventoryId === line.inventoryId ? offer.seats : 0);
    if (left < line.quantity) {
      const message = BOOKING_MESSAGES.soldOut(line.name, left);
      throw new AppError(409, message, [{ field: `lines.${line.index}.quantity`, message }]);
    }
  }
  const access = newAccessToken();
  const free = order.amounts.total === 0;
  const claim: SeatClaim = {
    occurrenceId: date.id,
    lines: order.lines.map((l) => ({
      index: l.index,
      inventoryId: l.inventoryId,
      name: l.name,
      quantity: l.quantity,
    })),
  };
  const lines = order.lines.map((l) => ({
    ticketTypeId: l.typeId,
    inventoryId: l.inventoryId,
    name: l.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    unitFee: l.unitFee,
    unitDiscount: l.unitDiscount,
    attendees: l.attendees ?? null,
  }));

  const placing: PlacedOrder = {
    order: {
      accessTokenHash: access.hash,
      eventId: event.id,
      organizationId: event.organizationId,
      occurrenceId: date.id,
      buyerUserId: buyer.userId,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      status: free ? 'CONFIRMED' : 'HELD',
      currency: view.pricing.currency,
      ...order.amounts,
      feePaidBy: view.pricing.paidBy,
      holdExpiresAt: free ? null : new Date(startedAt.getTime() + selling.holdMinutes * 60_000),
      returnPath: body.returnPath ?? null,
      promoCodeId: promo?.id ?? null,
      promoCode: promo?.code ?? null,
      discount: order.discount,
    },
    lines,
    // A free order is confirmed as it is written, with its tickets; a paid one is HELD with its payment.
    timeline: free
      ? [
          { kind: 'CREATED', detail: 'Free booking' },
          { kind: 'CONFIRMED', detail: 'Free booking confirmed' },
        ]
      : [{ kind: 'CREATED', detail: `Seats held for ${selling.holdMinutes} minutes` }],
    paymentProvider: free ? null : selling.payments.name,
    tickets: free ? seatTickets(lines, startedAt) : [],
    auditAfter: {
      status: free ? 'CONFIRMED' : 'HELD',
      total: order.amounts.total,
      ...(promo ? { promoCode: promo.code, discount: order.discount } : {}),
      requestId,
    },
  };
  const who = actor ? { who: { actor, requestId } } : { who: { system: 'checkout', requestId } };
  const only = claim.lines[0];
  // One line and nothing else to take or store: one statement, outside BEGIN … COMMIT (the hot path).
  const atOnce = claim.lines.length === 1 && only && !promo && !body.waitingListOffer && answers.count === 0;

  const created = atOnce
    ? await selling.unitOfWork.single(async (change) => {
        const confirmation = free
          ? (ref: { id: string; code: string }) =>
              selling.emails.confirmation({ ...ref, ...placing.order }, access.token)
          : null;
        const placed = await placeOrderWithSeats(
          change,
          placing,
          { ...only, occurrenceId: claim.occurrenceId },
          confirmation,
        );
        if (free) {
          // The door's live "sold" figure moves once the tickets are committed; the email goes out.
          change.afterCommit(() =>
            selling.notices?.ticketsSold({ eventId: event.id, tickets: placed.tickets }),
          );
          change.afterCommit(nudgeDelivery);
        }
        return placed;
      }, who)
    : await selling.unitOfWork(async (change) => {
        const { tx, now } = change;
        const placed = await placeOrder(change, placing);
        const { booking } = placed;
        await answers.save(tx, booking.id, now);
        if (free) {
          // The door's live "sold" figure moves once the tickets are committed.
          change.afterCommit(() =>
            selling.notices?.ticketsSold({ eventId: event.id, tickets: placed.tickets }),
          );
          await selling.emails.enqueueConfirmation(change, booking, access.token);
        }
        // Seats last: the hot inventory row stays locked only from here to COMMIT. Should they be
        // gone, everything above rolls back with them.
        if (body.waitingListOffer) await acceptOffer(change, body.waitingListOffer, booking.id, claim.lines);
        await reserveSeats(tx, claim);
        // The code's use after the seats (the order every change that gives both back keeps), with them.
        if (promo) {
          const use = { codeId: promo.id, bookingId: booking.id, email: buyer.email };
          const outcome = await reservePromoUse(tx, use);
          if (outcome !== 'TAKEN') throw useRefused(outcome, promo);
        }
        return placed;
      }, who);

  let booking = created.booking;
  let payment: BuyerBookingParts['payment'] = null;
  if (created.paymentId)
    ({ booking, payment } = await startPayment(selling, booking, created.paymentId, view, body.returnPath));
  // The answer from what this checkout knows: nothing is read back.
  const occurrence = view.occurrences.find((o) => o.id === booking.occurrenceId) ?? null;
  return buyerBookingOf(
    {
      booking,
      event,
      organizationName: view.organization.name,
      lines,
      tickets: created.tickets,
      payment,
      occurrence,
      dates: occurrence ? [occurrence] : view.occurrences.filter((o) => o.status !== 'CANCELLED'),
      typeNames: new Map(view.ticketTypes.map((type) => [type.id, type.name])),
    },
    access.token,
  );
}
