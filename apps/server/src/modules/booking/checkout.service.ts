import { BOOKING_MESSAGES, type BuyerBooking, type CreateBookingBody } from '@marquee/contract';
import { and, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { PaymentsProvider } from '../../adapters/payments/payments.js';
import type { Db, Tx } from '../../db/client.js';
import {
  type BookingRow,
  bookingEvents,
  bookingLines,
  bookings,
  events,
  payments,
} from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { FeeRate } from '../events/index.js';
import { loadBuyerBooking } from './buyer-booking.js';
import { hashAccessToken, newAccessToken, newBookingCode } from './codes.js';
import { markConfirmed, writeConfirmation } from './confirm.js';
import { confirmationEmail, ticketPageUrl } from './confirmation-email.js';
import { throttledRelease } from './expiry.js';
import { releaseSeats, reserveSeats, type SeatClaim } from './inventory.js';
import { unitQuote } from './pricing.js';
import {
  dateState,
  loadSaleView,
  remainingOf,
  type SaleDate,
  type SaleView,
  saleDates,
  windowState,
} from './sale-view.js';
import { claimOf } from './seat-claim.js';

type Body = z.output<typeof CreateBookingBody>;
type FieldError = { field: string; message: string };

export const CHECKOUT_MESSAGES = {
  chooseDate: 'Choose a date',
  dateNotOfEvent: 'This date is not one of the event’s dates.',
  typeNotOfEvent: 'This ticket type is not one of the event’s ticket types.',
  typeTwice: 'Each ticket type can be chosen once; change its quantity instead.',
  notCancellable: 'Only a booking that is not paid yet can be cancelled here.',
  paymentNotStarted: 'The payment could not be started. Please try again.',
  correctFields: 'Please correct the highlighted fields.',
} as const;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  payments: PaymentsProvider;
  publicUrl: string;
  holdMinutes: number;
  rate: FeeRate;
  log?: { error(obj: object, msg: string): void };
  /** False: no confirmation emails (the demo seeding's orders, whose guests have made-up addresses). */
  confirmationEmails?: boolean;
}

const refuse = (errors: FieldError[]) =>
  badRequest(errors.length === 1 ? (errors[0]?.message ?? '') : CHECKOUT_MESSAGES.correctFields, errors);

export function createCheckout(deps: CheckoutDeps) {
  const { db, clock } = deps;
  const unitOfWork = createUnitOfWork({ db, clock, log: deps.log });
  const releaseHolds = throttledRelease(db);
  const outgoing = new Set<Promise<unknown>>();

  /** Emails leave after the answer: the buyer never waits on QR images or the mail server. */
  function inBackground(work: () => Promise<unknown>) {
    if (deps.confirmationEmails === false) return;
    const running = work()
      .catch((error) => deps.log?.error({ err: error }, 'a booking email failed'))
      .finally(() => outgoing.delete(running));
    outgoing.add(running);
  }

  /** Sends the confirmation with the ticket page link; its failure is logged, the booking stands. */
  async function sendConfirmation(booking: BookingRow, token: string) {
    const view = await loadBuyerBooking(db, booking, token);
    await deps.mailer.send(await confirmationEmail(view, ticketPageUrl(deps.publicUrl, view, token)));
  }

  function pickDate(
    view: SaleView,
    body: Body,
  ): { date: SaleDate; errors: FieldError[] } | { date: null; errors: FieldError[] } {
    const dates = saleDates(view);
    if (view.isCourse) {
      const date = dates[0];
      return date
        ? { date, errors: [] }
        : { date: null, errors: [{ field: 'eventId', message: BOOKING_MESSAGES.notOnSale }] };
    }
    if (!body.occurrenceId) {
      // A single event has one date: the buyer need not name it. Multi events and drop-in classes must.
      if (view.event.kind === 'SINGLE' && dates.length === 1 && dates[0])
        return { date: dates[0], errors: [] };
      return { date: null, errors: [{ field: 'occurrenceId', message: CHECKOUT_MESSAGES.chooseDate }] };
    }
    const date = dates.find((d) => d.id === body.occurrenceId);
    if (!date)
      return { date: null, errors: [{ field: 'occurrenceId', message: CHECKOUT_MESSAGES.dateNotOfEvent }] };
    return { date, errors: [] };
  }

  /** Everything about the order that does not depend on seats left; the seats are the transaction's. */
  function priceOrder(view: SaleView, body: Body, date: SaleDate, now: Date) {
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    const lines: {
      index: number;
      typeId: string;
      inventoryId: string;
      name: string;
      quantity: number;
      unitPrice: number;
      unitFee: number;
      buyerFee: number;
      attendees: string[] | null;
    }[] = [];
    for (const [index, line] of body.lines.entries()) {
      const type = view.ticketTypes.find((t) => t.id === line.ticketTypeId);
      const at = (field: string) => `lines.${index}.${field}`;
      if (!type) {
        errors.push({ field: at('ticketTypeId'), message: CHECKOUT_MESSAGES.typeNotOfEvent });
        continue;
      }
      if (seen.has(type.id)) {
        errors.push({ field: at('ticketTypeId'), message: CHECKOUT_MESSAGES.typeTwice });
        continue;
      }
      seen.add(type.id);
      if (windowState(type, now) !== 'ON_SALE') {
        errors.push({ field: at('ticketTypeId'), message: BOOKING_MESSAGES.notOnSale });
        continue;
      }
      const max = Math.min(
        type.maxPerOrder ?? view.organization.maxTicketsPerOrder,
        view.organization.maxTicketsPerOrder,
      );
      if (line.quantity < type.minPerOrder) {
        errors.push({
          field: at('quantity'),
          message: BOOKING_MESSAGES.belowMinimum(type.name, type.minPerOrder),
        });
      } else if (line.quantity > max) {
        errors.push({ field: at('quantity'), message: BOOKING_MESSAGES.aboveMaximum(type.name, max) });
      }
      let unitPrice = type.price;
      if (type.pricing === 'DONATION') {
        if (line.amount === undefined || line.amount < type.price) {
          errors.push({ field: at('amount'), message: BOOKING_MESSAGES.donationMinimum });
        } else unitPrice = line.amount;
      }
      let attendees: string[] | null = null;
      if (view.event.attendeeNames) {
        if (!line.attendees || line.attendees.length !== line.quantity) {
          errors.push({ field: at('attendees'), message: BOOKING_MESSAGES.attendeesNeeded });
        } else attendees = line.attendees;
      }
      const inventory = view.inventory.find(
        (row) => row.ticketTypeId === type.id && row.occurrenceId === date.id,
      );
      if (!inventory) {
        errors.push({ field: at('ticketTypeId'), message: BOOKING_MESSAGES.notOnSale });
        continue;
      }
      // The donation's fee is on the amount given (docs/selling.md).
      const quote = unitQuote(view.pricing, type, unitPrice);
      lines.push({
        index,
        typeId: type.id,
        inventoryId: inventory.id,
        name: type.name,
        quantity: line.quantity,
        unitPrice,
        unitFee: quote.fee,
        buyerFee: quote.buyerFee,
        attendees,
      });
    }
    const count = body.lines.reduce((sum, line) => sum + line.quantity, 0);
    if (count > view.organization.maxTicketsPerOrder) {
      errors.push({
        field: 'lines',
        message: BOOKING_MESSAGES.perOrderMax(view.organization.maxTicketsPerOrder),
      });
    }
    const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    const fee = lines.reduce((sum, l) => sum + l.unitFee * l.quantity, 0);
    // bookings_total_check: total = organizer_amount + service_fee.
    const buyerPaysFee = view.pricing.paidBy === 'BUYER';
    const amounts = {
      subtotal,
      serviceFee: fee,
      total: buyerPaysFee ? subtotal + fee : subtotal,
      organizerAmount: buyerPaysFee ? subtotal : subtotal - fee,
    };
    return { errors, lines, amounts };
  }

  function buyerOf(body: Body, actor: Actor | null, errors: FieldError[]) {
    if (body.buyer)
      return { name: body.buyer.name, email: body.buyer.email.toLowerCase(), userId: actor?.user.id ?? null };
    if (actor) {
      const name = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;
      return { name, email: actor.user.email, userId: actor.user.id };
    }
    errors.push({ field: 'buyer', message: BOOKING_MESSAGES.buyerNeeded });
    return null;
  }

  async function insertBooking(
    tx: Tx,
    values: Omit<typeof bookings.$inferInsert, 'code'>,
  ): Promise<BookingRow> {
    // 32^8 codes: a collision is rare; the unique index decides and another code is drawn.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await tx
        .insert(bookings)
        .values({ ...values, code: newBookingCode() })
        .onConflictDoNothing({ target: bookings.code })
        .returning();
      if (row) return row;
    }
    throw new Error('no free booking code after 5 draws');
  }

  async function byToken(bookingId: string, token: string): Promise<BookingRow> {
    const hash = hashAccessToken(token);
    const [row] = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          or(eq(bookings.accessTokenHash, hash), eq(bookings.checkoutTokenHash, hash)),
        ),
      );
    if (!row) throw notFound('The booking');
    return row;
  }

  /** Ends a HELD booking (FAILED or CANCELLED) and gives its seats back; false when it was not HELD. */
  async function endHold(
    tx: Tx,
    booking: BookingRow,
    status: 'FAILED' | 'CANCELLED',
    now: Date,
    detail: string,
  ) {
    const [ended] = await tx
      .update(bookings)
      .set({ status, holdExpiresAt: null, updatedAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'HELD')))
      .returning();
    if (!ended) return null;
    await releaseSeats(tx, await claimOf(tx, ended));
    await tx.insert(bookingEvents).values({ bookingId: booking.id, kind: status, detail, at: now });
    return ended;
  }

  return {
    endHold,

    async create(body: Body, actor: Actor | null, requestId: string): Promise<BuyerBooking> {
      const startedAt = clock.now();
      await releaseHolds(startedAt);
      const [event] = await db.select().from(events).where(eq(events.id, body.eventId));
      if (!event || event.status === 'DRAFT' || event.isBlocked || event.isArchived)
        throw notFound('The event');
      const view = await loadSaleView(db, event, deps.rate);
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
      const order = priceOrder(view, body, date, startedAt);
      errors.push(...order.errors);
      if (errors.length > 0 || !buyer) throw refuse(errors);
      // Cheap early answer when a line cannot fit even now; the guarded UPDATE below is what decides.
      for (const line of order.lines) {
        const left = remainingOf(view, date, line.typeId);
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

      const created = await unitOfWork(
        async ({ tx, now, audit, afterCommit }) => {
          const booking = await insertBooking(tx, {
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
            holdExpiresAt: free ? null : new Date(now.getTime() + deps.holdMinutes * 60_000),
            returnPath: body.returnPath ?? null,
            createdAt: now,
            updatedAt: now,
          });
          await tx.insert(bookingLines).values(
            order.lines.map((l) => ({
              bookingId: booking.id,
              ticketTypeId: l.typeId,
              inventoryId: l.inventoryId,
              name: l.name,
              quantity: l.quantity,
              unitPrice: l.unitPrice,
              unitFee: l.unitFee,
              attendees: l.attendees,
            })),
          );
          await tx.insert(bookingEvents).values({
            bookingId: booking.id,
            kind: 'CREATED',
            detail: free ? 'Free booking' : `Seats held for ${deps.holdMinutes} minutes`,
            at: now,
          });
          let payment: typeof payments.$inferSelect | null = null;
          if (!free) {
            [payment = null] = await tx
              .insert(payments)
              .values({
                bookingId: booking.id,
                provider: deps.payments.name,
                amount: order.amounts.total,
                applicationFee: order.amounts.serviceFee,
                currency: view.pricing.currency,
                createdAt: now,
                updatedAt: now,
              })
              .returning();
          }
          let final = booking;
          if (free) {
            final = (await markConfirmed(tx, booking.id, now, access.hash)) ?? booking;
            await writeConfirmation(tx, final, now, 'Free booking confirmed');
            afterCommit(() => inBackground(() => sendConfirmation(final, access.token)));
          }
          await audit({
            action: 'BOOKING_CREATED',
            entityType: 'BOOKING',
            entityId: booking.id,
            organizationId: booking.organizationId,
            after: { status: final.status, code: booking.code, total: booking.total, requestId },
          });
          // A free booking's answer is read on this transaction's connection: read after COMMIT, from
          // a pool with no free connection, it failed, and buyers whose seats were taken were told
          // to try again.
          const answer = free ? await loadBuyerBooking(tx, final, access.token) : null;
          // Seats last: the hot inventory row stays locked only from here to COMMIT. Should they be
          // gone, everything above rolls back with them.
          await reserveSeats(tx, claim);
          return { booking: final, payment, answer };
        },
        actor ? { who: { actor, requestId } } : { who: { system: 'checkout', requestId } },
      );

      if (created.answer) return created.answer;
      let booking = created.booking;
      if (created.payment)
        booking = await this.startPayment(booking, created.payment.id, view, body.returnPath);
      return loadBuyerBooking(db, booking, access.token);
    },

    /** After COMMIT (never with locks held): asks the provider for the payment, then records its answer. */
    async startPayment(
      booking: BookingRow,
      paymentId: string,
      view: SaleView,
      returnPath: string | undefined,
    ) {
      const returnUrl = `${new URL(deps.publicUrl).origin}${returnPath ?? `/e/${view.event.slug ?? view.event.id}/booking/${booking.id}`}`;
      try {
        const started = await deps.payments.createPayment({
          paymentId,
          bookingId: booking.id,
          bookingCode: booking.code,
          description: `${view.event.title} (${booking.code})`,
          amount: booking.total,
          currency: booking.currency,
          applicationFee: booking.serviceFee,
          destinationAccountId: view.organization.payoutAccountId,
          returnUrl,
          idempotencyKey: `payment-${paymentId}`,
        });
        await db
          .update(payments)
          .set({
            providerRef: started.providerRef,
            redirectUrl: started.redirectUrl,
            clientSecret: started.clientSecret,
            updatedAt: clock.now(),
          })
          .where(eq(payments.id, paymentId));
        return booking;
      } catch (error) {
        deps.log?.error({ err: error }, 'starting a payment failed');
        await unitOfWork(async ({ tx, now, audit }) => {
          await tx
            .update(payments)
            .set({
              status: 'FAILED',
              failureReason: 'The provider refused to start the payment',
              updatedAt: now,
            })
            .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
          const ended = await endHold(tx, booking, 'FAILED', now, 'The payment could not be started');
          if (ended) {
            await audit({
              action: 'BOOKING_FAILED',
              entityType: 'BOOKING',
              entityId: booking.id,
              organizationId: booking.organizationId,
              before: { status: 'HELD' },
              after: { status: 'FAILED' },
            });
          }
        });
        throw new AppError(502, CHECKOUT_MESSAGES.paymentNotStarted);
      }
    },

    async get(bookingId: string, token: string): Promise<BuyerBooking> {
      await releaseHolds(clock.now());
      return loadBuyerBooking(db, await byToken(bookingId, token), token);
    },

    async cancel(bookingId: string, token: string, requestId: string): Promise<BuyerBooking> {
      const booking = await byToken(bookingId, token);
      const ended = await unitOfWork(
        async ({ tx, now, audit }) => {
          const done = await endHold(tx, booking, 'CANCELLED', now, 'Cancelled by the buyer before paying');
          if (!done) throw conflict(CHECKOUT_MESSAGES.notCancellable);
          await tx
            .update(payments)
            .set({ status: 'FAILED', failureReason: 'Cancelled by the buyer', updatedAt: now })
            .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'PENDING')));
          await audit({
            action: 'BOOKING_CANCELLED',
            entityType: 'BOOKING',
            entityId: booking.id,
            organizationId: booking.organizationId,
            before: { status: 'HELD' },
            after: { status: 'CANCELLED' },
          });
          return done;
        },
        { who: { system: 'buyer', requestId } },
      );
      return loadBuyerBooking(db, ended, token);
    },

    sendConfirmation,
    releaseHolds,
    /** Waits for emails still being sent (app close, tests). */
    async drain() {
      await Promise.all([...outgoing]);
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
