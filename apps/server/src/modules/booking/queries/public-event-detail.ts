import type { PublicEvent } from '@marquee/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { type EventRow, eventSlugs, events } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { publicQuestions } from '../../checkout-questions/index.js';
import { type PublicEventDeps, summaryOf, visibleToBuyers } from './public-event-summary.js';
import { loadSaleView, type SaleView } from './sale-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The event a buyer may open by its id, its slug or a slug it had before its title changed (private ones
 * too: their link is the secret). The answer carries the current slug, so the page can replace an old
 * address with it.
 */
async function findPublicEvent(db: DbOrTx, ref: string): Promise<EventRow> {
  const bySlug = or(
    eq(events.slug, ref),
    inArray(
      events.id,
      db.select({ id: eventSlugs.eventId }).from(eventSlugs).where(eq(eventSlugs.slug, ref)),
    ),
  );
  const [row] = await db
    .select()
    .from(events)
    .where(and(visibleToBuyers, UUID.test(ref) ? eq(events.id, ref) : bySlug))
    .limit(1);
  if (!row || row.status === 'DRAFT') throw notFound('The event');
  return row;
}

/** The page's answer for one loaded event. */
export async function publicEventOf(db: DbOrTx, view: SaleView, now: Date): Promise<PublicEvent> {
  const { summary, ticketTypes, occurrences } = await summaryOf(db, view, now);
  const { event } = view;
  const asked = await publicQuestions(db, event.id);
  return {
    ...summary,
    description: event.description,
    images: event.images as PublicEvent['images'],
    status: event.status,
    classBookingMode: event.classBookingMode,
    location: event.locationType
      ? {
          type: event.locationType,
          venueName: event.venueName,
          address: event.address,
          latitude: event.latitude,
          longitude: event.longitude,
          // The online link is for ticket holders (their confirmation), not for everyone.
          onlineUrl: null,
        }
      : null,
    maxTicketsPerOrder: view.organization.maxTicketsPerOrder,
    attendeeNames: event.attendeeNames,
    attendeeEmails: asked.attendeeEmails,
    questions: asked.questions,
    ticketTypes,
    occurrences,
  };
}

/** public-event-detail. */
export async function publicEventDetail(
  deps: PublicEventDeps & { releaseHolds: (now: Date) => Promise<void> },
  ref: string,
  now: Date,
): Promise<PublicEvent> {
  const { db, rate } = deps;
  // What is left must not count holds that already ran out.
  await deps.releaseHolds(now);
  const view = await loadSaleView(db, await findPublicEvent(db, ref), rate);
  return publicEventOf(db, view, now);
}
