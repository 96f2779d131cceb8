import type { PublicEvent } from '@marquee/contract';
import type { EventRow } from '../../../db/schema/index.js';
import { publicEventOf } from './public-event-detail.js';
import type { PublicEventDeps } from './public-event-summary.js';
import { loadSaleView, type SaleView } from './sale-view.js';

/**
 * A draft as it will be once published: on sale where its dates and sale windows allow, every seat of
 * its ticket types still free (a draft has no inventory rows yet; publishing makes them from the same
 * quantities). Nothing is changed or stored.
 */
function asPublished(view: SaleView): SaleView {
  const { event } = view;
  const dates: (string | null)[] = view.isCourse ? [null] : view.occurrences.map((o) => o.id);
  return {
    ...view,
    event: { ...event, status: 'PUBLISHED' },
    inventory: view.ticketTypes.flatMap((type) =>
      dates.map((occurrenceId) => ({
        id: `${type.id}:${occurrenceId ?? 'course'}`,
        eventId: event.id,
        ticketTypeId: type.id,
        occurrenceId,
        capacity: type.quantity,
        sold: 0,
      })),
    ),
  };
}

/**
 * preview-event: the public page's answer for an event its organizers may change, whatever its status
 * (the access declaration has already answered 404 to anyone else). A draft is shown as it will be
 * once published; its `status` stays DRAFT, so the page says it is a preview.
 */
export async function previewEvent(deps: PublicEventDeps, event: EventRow, now: Date): Promise<PublicEvent> {
  const view = await loadSaleView(deps.db, event, deps.rate);
  const shown = event.status === 'DRAFT' ? asPublished(view) : view;
  const result = await publicEventOf(deps.db, shown, now);
  return { ...result, status: event.status };
}
