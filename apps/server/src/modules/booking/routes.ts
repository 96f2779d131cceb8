import * as c from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addFileRoute, addRoute } from '../../lib/route.js';
import type { Selling } from './checkout.js';
import { cancelHold } from './commands/cancel-hold.js';
import { resendBookingTickets } from './commands/resend-tickets.js';
import { startCheckout } from './commands/start-checkout.js';
import { getBuyerBooking } from './queries/buyer-booking.js';
import { checkPromoCode } from './queries/check-promo-code.js';
import { publicEventDetail } from './queries/public-event-detail.js';
import { listPublicEvents } from './queries/public-event-list.js';
import { bookingCalendar, bookingTicketsPdf } from './queries/ticket-files.js';

/**
 * The buyer API (docs/selling.md). Every call is public; a buyer who sends a session (`accesstoken`)
 * is recognised through the sessions plugin, and a stale or wrong session is simply a guest.
 */
export async function bookingRoutes(app: FastifyInstance, opts: { selling: Selling }) {
  const { selling } = opts;
  const now = () => selling.clock.now();

  // Before the handler (and before the idempotency record, which is scoped per signed-in user).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const header = request.headers[c.HEADERS.accessToken];
    if (typeof header !== 'string' || header.length === 0) return;
    try {
      await app.authenticate(request);
    } catch {
      request.actor = null;
    }
  });

  addRoute(app, c.publicEventList, async (ctx) => ({
    message: 'Events on sale',
    result: await listPublicEvents(selling, ctx.query, now()),
  }));

  addRoute(app, c.publicEventDetail, async (ctx) => {
    const result = await publicEventDetail(selling, ctx.query.event, now());
    return { message: result.title, result };
  });

  addRoute(
    app,
    c.createBooking,
    async (ctx) => {
      const result = await startCheckout(selling, ctx.body, ctx.actor, ctx.request.id);
      const message =
        result.status === 'CONFIRMED'
          ? `Booking ${result.code} is confirmed.`
          : `Seats held for booking ${result.code}.`;
      return { message, result };
    },
    { idempotency: 'required' },
  );

  // Codes are short secrets: trying many from one address is slowed down.
  addRoute(
    app,
    c.checkPromoCode,
    async (ctx) => {
      const result = await checkPromoCode(selling, ctx.query);
      return { message: result.description, result };
    },
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );

  addRoute(app, c.getBuyerBooking, async (ctx) => {
    const result = await getBuyerBooking(selling, ctx.query.bookingId, ctx.query.token);
    return { message: `Booking ${result.code}`, result };
  });

  addRoute(app, c.cancelHeldBooking, async (ctx) => {
    const result = await cancelHold(selling, ctx.body.bookingId, ctx.body.token, ctx.request.id);
    return { message: `Booking ${result.code} is cancelled; its seats are released.`, result };
  });

  addRoute(app, c.resendBookingTickets, async (ctx) => ({
    message: c.RESEND_MESSAGES.buyerDone,
    result: await resendBookingTickets(selling, ctx.body, ctx.request.id),
  }));

  addFileRoute(app, c.bookingTicketsPdf, ({ query }) => bookingTicketsPdf(selling.db, query));
  addFileRoute(app, c.bookingCalendar, ({ query }) => bookingCalendar(selling.db, selling.publicUrl, query));
}
