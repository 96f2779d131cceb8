import type { PublicEvent } from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { type EventRow, events } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { type PublicEventDeps, summaryOf, visibleToBuyers } from './public-event-summary.js';
import { loadSaleView } from './sale-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event a buyer may open by its slug or id (private ones too: their link is the secret). */
async function findPublicEvent(db: DbOrTx, ref: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(visibleToBuyers, UUID.test(ref) ? eq(events.id, ref) : eq(events.slug, ref)));
  if (!row || row.status === 'DRAFT') throw notFound('The event');
  return row;
}

/** public-event-detail. */
export async function publicEventDetail(
  deps: PublicEventDeps & { releaseHolds: (now: Date) => Promise<void> },
  ref: string,
  now: Date,
): Promise<PublicEvent> {
  // What is left must not count holds that already ran out.
  await deps.releaseHolds(now);
  return describePublicEvent(deps, await findPublicEvent(deps.db, ref), now);
}

/**
 * preview-public-event: the page as buyers will see it, for those who run the event (the route's access
 * declaration), whatever its status: a draft is previewed before it is published.
 */
export async function previewPublicEvent(
  deps: PublicEventDeps & { releaseHolds: (now: Date) => Promise<void> },
  event: EventRow,
  now: Date,
): Promise<PublicEvent> {
  await deps.releaseHolds(now);
  return describePublicEvent(deps, event, now);
}

async function describePublicEvent(deps: PublicEventDeps, row: EventRow, now: Date): Promise<PublicEvent> {
  const { db, rate } = deps;
  const view = await loadSaleView(db, row, rate);
  const { summary, ticketTypes, occurrences } = await summaryOf(db, view, now);
  const { event } = view;
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
    ticketTypes,
    occurrences,
  };
}
