import type { PublicEvent, PublicEventSummary, publicEventList } from '@marquee/contract';
import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { searchWhere } from '../../db/list.js';
import { categories, type EventRow, events } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { FeeRate } from '../events/index.js';
import { unitQuote } from './pricing.js';
import { eventState, loadSaleView, publicOccurrences, type SaleView } from './sale-view.js';

type ListQuery = z.output<NonNullable<typeof publicEventList.query>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a buyer may open: published (or cancelled/completed, to say so), never drafts, blocked or archived. */
const visibleToBuyers = and(eq(events.isBlocked, false), eq(events.isArchived, false));

export function createPublicEvents(deps: { db: DbOrTx; rate: FeeRate }) {
  const { db, rate } = deps;

  async function categoryOf(event: EventRow) {
    if (!event.categoryId) return null;
    const [row] = await db
      .select({ _id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, event.categoryId));
    return row ?? null;
  }

  function ticketTypesOf(view: SaleView): PublicEvent['ticketTypes'] {
    return view.ticketTypes.map((type) => {
      const { buyerFee, buyerPays } = unitQuote(view.pricing, type, type.price);
      return {
        _id: type.id,
        pricing: type.pricing,
        name: type.name,
        description: type.description,
        price: type.price,
        buyerFee,
        buyerPays,
        minPerOrder: type.minPerOrder,
        maxPerOrder: Math.min(
          type.maxPerOrder ?? view.organization.maxTicketsPerOrder,
          view.organization.maxTicketsPerOrder,
        ),
        saleStartsAt: type.saleStartsAt?.toISOString() ?? null,
        saleEndsAt: type.saleEndsAt?.toISOString() ?? null,
      };
    });
  }

  async function summaryOf(view: SaleView, now: Date) {
    const { event, organization } = view;
    const ticketTypes = ticketTypesOf(view);
    const occurrences = publicOccurrences(view, now);
    const summary: PublicEventSummary = {
      _id: event.id,
      slug: event.slug ?? event.id,
      kind: event.kind,
      title: event.title,
      image: (event.images[0] ?? null) as PublicEventSummary['image'],
      organization: { _id: organization.id, name: organization.name },
      category: await categoryOf(event),
      startsAt: (event.startsAt ?? new Date(0)).toISOString(),
      endsAt: (event.endsAt ?? event.startsAt ?? new Date(0)).toISOString(),
      timeZone: event.timeZone ?? 'UTC',
      venueName: event.venueName,
      fromPrice: ticketTypes.length ? Math.min(...ticketTypes.map((type) => type.buyerPays)) : null,
      currency: organization.currency,
      salesState: eventState(view, occurrences),
    };
    return { summary, ticketTypes, occurrences };
  }

  return {
    /** public-event-list: published, unblocked, unarchived, public events that have not ended. */
    async list(query: ListQuery, now: Date) {
      const where: SQL | undefined = and(
        visibleToBuyers,
        eq(events.status, 'PUBLISHED'),
        eq(events.visibility, 'PUBLIC'),
        gt(events.endsAt, now),
        query.categoryId ? eq(events.categoryId, query.categoryId) : undefined,
        searchWhere(query.search, [events.title, events.venueName]),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(events)
          .where(where)
          .orderBy(asc(events.startsAt), asc(events.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(events).where(where),
      ]);
      const items: PublicEventSummary[] = [];
      for (const row of rows) items.push((await summaryOf(await loadSaleView(db, row, rate), now)).summary);
      return { items, total: total?.n ?? 0, page: query.page, limit: query.limit };
    },

    /** The event a buyer may open by its slug or id (private ones too: their link is the secret). */
    async find(ref: string): Promise<EventRow> {
      const [row] = await db
        .select()
        .from(events)
        .where(and(visibleToBuyers, UUID.test(ref) ? eq(events.id, ref) : eq(events.slug, ref)));
      if (!row || row.status === 'DRAFT') throw notFound('The event');
      return row;
    },

    /** public-event-detail. */
    async detail(ref: string, now: Date): Promise<PublicEvent> {
      const view = await loadSaleView(db, await this.find(ref), rate);
      const { summary, ticketTypes, occurrences } = await summaryOf(view, now);
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
    },
  };
}

export type PublicEvents = ReturnType<typeof createPublicEvents>;
