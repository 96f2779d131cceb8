import * as c from '@marquee/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { Checkout } from './commands/start-checkout.js';
import type { PublicEvents } from './queries/public-events.js';

/**
 * The buyer API (docs/selling.md). Every call is public; a buyer who sends a session (`accesstoken`)
 * is recognised through the sessions plugin, and a stale or wrong session is simply a guest.
 */
export async function bookingRoutes(
  app: FastifyInstance,
  opts: { checkout: Checkout; publicEvents: PublicEvents; now: () => Date },
) {
  const { checkout, publicEvents, now } = opts;

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
    result: await publicEvents.list(ctx.query, now()),
  }));

  addRoute(app, c.publicEventDetail, async (ctx) => {
    const at = now();
    // What is left must not count holds that already ran out.
    await checkout.releaseHolds(at);
    const result = await publicEvents.detail(ctx.query.event, at);
    return { message: result.title, result };
  });

  addRoute(
    app,
    c.createBooking,
    async (ctx) => {
      const result = await checkout.create(ctx.body, ctx.actor, ctx.request.id);
      const message =
        result.status === 'CONFIRMED'
          ? `Booking ${result.code} is confirmed.`
          : `Seats held for booking ${result.code}.`;
      return { message, result };
    },
    { idempotency: 'required' },
  );

  addRoute(app, c.getBuyerBooking, async (ctx) => {
    const result = await checkout.get(ctx.query.bookingId, ctx.query.token);
    return { message: `Booking ${result.code}`, result };
  });

  addRoute(app, c.cancelHeldBooking, async (ctx) => {
    const result = await checkout.cancel(ctx.body.bookingId, ctx.body.token, ctx.request.id);
    return { message: `Booking ${result.code} is cancelled; its seats are released.`, result };
  });
}
