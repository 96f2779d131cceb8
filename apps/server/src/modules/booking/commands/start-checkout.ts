import { BOOKING_MESSAGES, type BuyerBooking } from '@marquee/contract';
import type { Actor } from '../../../lib/access/index.js';
import { AppError } from '../../../lib/errors.js';
import { checkCheckoutAnswers } from '../../checkout-questions/index.js';
import { reservePromoUse } from '../../promo-codes/index.js';
import { acceptOffer, seatsHeldByOffer } from '../../waiting-list/index.js';
import type { Selling } from '../checkout.js';
import { buyerOf, type CheckoutBody, pickDate, priceOrder, refuse } from '../checkout-rules.js';
import { newAccessToken } from '../codes.js';
import { usablePromo, useRefused } from '../promo.js';
import { loadBuyerBooking } from '../queries/buyer-booking.js';
import { loadSaleView, saleEventOf } from '../queries/sale-view.js';
import { addTimeline, insertOrder } from '../repo/orders.js';
import { insertPayment, type PaymentRow } from '../repo/payments.js';
import { reserveSeats, type SeatClaim } from '../repo/seats.js';
import { dateState, remainingOf } from '../sales-state.js';
import { confirmFreeOrder } from './confirm-free-order.js';
import { startPayment } from './start-payment.js';

/**
 * create-booking (docs/selling.md): checks the order against the event as it is now, then in one unit
 * of work records the order HELD with its lines and its pending payment (or confirms it at once when
 * it is free) and takes the seats last. A paid order's payment is started with the provider after
 * COMMIT, never with locks held.
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
  const event = await saleEventOf(db, body.eventId);
  const view = await loadSaleView(db, event, selling.rate);
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
  const answers = await checkCheckoutAnswers(db, event.id, body);
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

  const created = await selling.unitOfWork(
    async (change) => {
      const { tx, now, audit } = change;
      const booking = await insertOrder(
        tx,
        {
          accessTokenHash: access.hash,
          eventId: event.id,
          organizationId: event.organizationId,
          occurrenceId: date.id,
          buyerUserId: buyer.userId,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          status: 'HELD',
          currency: view.pricing.currency,
          ...order.amounts,
          feePaidBy: view.pricing.paidBy,
          holdExpiresAt: free ? null : new Date(now.getTime() + selling.holdMinutes * 60_000),
          returnPath: body.returnPath ?? null,
          promoCodeId: promo?.id ?? null,
          promoCode: promo?.code ?? null,
          discount: order.discount,
          createdAt: now,
          updatedAt: now,
        },
        order.lines.map((l) => ({
          ticketTypeId: l.typeId,
          inventoryId: l.inventoryId,
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          unitFee: l.unitFee,
          unitDiscount: l.unitDiscount,
          attendees: l.attendees,
        })),
      );
      await answers.save(tx, booking.id, now);
      await addTimeline(
        tx,
        booking.id,
        'CREATED',
        free ? 'Free booking' : `Seats held for ${selling.holdMinutes} minutes`,
        now,
      );
      let payment: PaymentRow | null = null;
      if (!free) {
        payment = await insertPayment(tx, {
          bookingId: booking.id,
          provider: selling.payments.name,
          amount: order.amounts.total,
          applicationFee: order.amounts.serviceFee,
          currency: view.pricing.currency,
          createdAt: now,
          updatedAt: now,
        });
      }
      const final = free
        ? await confirmFreeOrder(change, selling.emails, booking, access, selling.notices)
        : booking;
      await audit({
        action: 'BOOKING_CREATED',
        entityType: 'BOOKING',
        entityId: booking.id,
        organizationId: booking.organizationId,
        after: {
          status: final.status,
          code: booking.code,
          total: booking.total,
          ...(promo ? { promoCode: promo.code, discount: order.discount } : {}),
          requestId,
        },
      });
      // A free booking's answer is read on this transaction's connection: read after COMMIT, from
      // a pool with no free connection, it failed, and buyers whose seats were taken were told
      // to try again.
      const answer = free ? await loadBuyerBooking(tx, final, access.token) : null;
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
      return { booking: final, payment, answer };
    },
    actor ? { who: { actor, requestId } } : { who: { system: 'checkout', requestId } },
  );

  if (created.answer) return created.answer;
  let booking = created.booking;
  if (created.payment)
    booking = await startPayment(selling, booking, created.payment.id, view, body.returnPath);
  return loadBuyerBooking(db, booking, access.token);
}
