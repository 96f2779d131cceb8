import type { PublicEvent, PublicEventSummary } from '@marquee/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { categories, type EventRow, events } from '../../../db/schema/index.js';
import type { FeeRate } from '../../events/index.js';
import { unitQuote } from '../pricing.js';
import { eventState, publicOccurrences } from '../sales-state.js';
import type { SaleView } from './sale-view.js';

/** What the buyer's event pages read: the database and the platform's fee rate. */
export interface PublicEventDeps {
  db: DbOrTx;
  rate: FeeRate;
}

/** What a buyer may open: published (or cancelled/completed, to say so), never drafts, blocked or archived. */
export const visibleToBuyers = and(eq(events.isBlocked, false), eq(events.isArchived, false));

async function categoryOf(db: DbOrTx, event: EventRow) {
  if (!event.categoryId) return null;
  const [row] = await db
    .select({ _id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.id, event.categoryId));
  return row ?? null;
}

/** Hidden types are shown only when a promo code reveals them (check-promo-code; docs/promo-codes.md). */
function ticketTypesOf(view: SaleView): PublicEvent['ticketTypes'] {
  return view.ticketTypes.filter((type) => !type.hidden).map((type) => publicTicketTypeOf(view, type));
}

/** One ticket type as buyers see it, with the fee they add. */
export function publicTicketTypeOf(
  view: SaleView,
  type: SaleView['ticketTypes'][number],
): PublicEvent['ticketTypes'][number] {
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
}

/** One event as the event list shows it, with what its page adds (ticket types, dates). */
export async function summaryOf(db: DbOrTx, view: SaleView, now: Date) {
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
    category: await categoryOf(db, event),
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
