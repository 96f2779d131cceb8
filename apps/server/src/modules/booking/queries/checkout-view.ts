import { namedStatement, rowFromJson } from '../../../db/named-statement.js';
import {
  eventOccurrences,
  events,
  eventTicketTypes,
  organizations,
  ticketInventory,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import { liveQuestionsJson, type QuestionRow, questionsFromJson } from '../../checkout-questions/index.js';
import type { FeeRate } from '../../events/index.js';
import type { SaleView } from './sale-view.js';

type Json = Record<string, unknown>;

/**
 * Everything create-booking reads, in one statement (docs/selling.md, "Statements and throughput"): the
 * event, its organization and whether the owner's fee is waived, its ticket types, dates and inventory
 * (loadSaleView's rows, in its orders) and the questions it asks now. No locks: the guarded UPDATEs decide.
 */
const readCheckoutView = namedStatement<{
  event: Json;
  organization: Json;
  waived: boolean;
  types: Json[];
  dates: Json[];
  inventory: Json[];
  questions: Json[];
}>(
  'checkout_view',
  `select to_json(e) as event, to_json(o) as organization,
     exists (select 1 from non_profit_exemptions x where x.user_id = o.owner_id and x.status = 'APPROVED') as waived,
     (select coalesce(json_agg(t order by t.position, t.id), '[]'::json)
        from event_ticket_types t where t.event_id = e.id) as types,
     (select coalesce(json_agg(d order by d.starts_at, d.id), '[]'::json)
        from event_occurrences d where d.event_id = e.id) as dates,
     (select coalesce(json_agg(i), '[]'::json) from ticket_inventory i where i.event_id = e.id) as inventory,
     ${liveQuestionsJson('e.id')} as questions
   from events e join organizations o on o.id = e.organization_id
   where e.id = $1`,
);

/** The event a buyer may buy from (404 for drafts, blocked and archived events), as `SaleView`, and its questions. */
export async function checkoutView(
  db: Parameters<typeof readCheckoutView>[0],
  eventId: string,
  rate: FeeRate,
): Promise<{ view: SaleView; questions: QuestionRow[] }> {
  const { rows } = await readCheckoutView(db, [eventId]);
  const row = rows[0];
  const event = row ? rowFromJson(events, row.event) : null;
  if (!row || !event || event.status === 'DRAFT' || event.isBlocked || event.isArchived)
    throw notFound('The event');
  const organization = rowFromJson(organizations, row.organization);
  return {
    view: {
      event,
      organization,
      pricing: {
        currency: organization.currency,
        paidBy: organization.serviceFeePaidBy,
        waived: row.waived,
        rate,
      },
      ticketTypes: row.types.map((t) => rowFromJson(eventTicketTypes, t)),
      occurrences: row.dates.map((d) => rowFromJson(eventOccurrences, d)),
      inventory: row.inventory.map((i) => rowFromJson(ticketInventory, i)),
      isCourse: event.kind === 'CLASS' && event.classBookingMode === 'COURSE',
    },
    questions: questionsFromJson(row.questions),
  };
}
