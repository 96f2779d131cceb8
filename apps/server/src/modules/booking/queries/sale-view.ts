import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  type EventRow,
  type EventTicketTypeRow,
  eventOccurrences,
  events,
  eventTicketTypes,
  type InventoryRow,
  nonProfitExemptions,
  type OccurrenceRow,
  type OrganizationRow,
  organizations,
  ticketInventory,
} from '../../../db/schema/index.js';
import { notFound } from '../../../lib/errors.js';
import type { FeeRate } from '../../events/index.js';
import type { Pricing } from '../pricing.js';

export type { EventRow, EventTicketTypeRow, OrganizationRow };

/** Everything about one event that buying needs: read once, no locks (the guarded UPDATEs decide). */
export interface SaleView {
  event: EventRow;
  organization: OrganizationRow;
  pricing: Pricing;
  ticketTypes: EventTicketTypeRow[];
  occurrences: OccurrenceRow[];
  inventory: InventoryRow[];
  /** A course-type class: sold once for all its sessions (inventory rows without a date). */
  isCourse: boolean;
}

export async function loadSaleView(db: DbOrTx, event: EventRow, rate: FeeRate): Promise<SaleView> {
  const [[owner], ticketTypes, occurrences, inventory] = await Promise.all([
    // The organization and whether its owner's fee is waived (an approved non-profit exemption), at once.
    db
      .select({ organization: organizations, exemption: nonProfitExemptions.userId })
      .from(organizations)
      .leftJoin(
        nonProfitExemptions,
        and(
          eq(nonProfitExemptions.userId, organizations.ownerId),
          eq(nonProfitExemptions.status, 'APPROVED'),
        ),
      )
      .where(eq(organizations.id, event.organizationId))
      .limit(1),
    db
      .select()
      .from(eventTicketTypes)
      .where(eq(eventTicketTypes.eventId, event.id))
      .orderBy(asc(eventTicketTypes.position), asc(eventTicketTypes.id)),
    db
      .select()
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, event.id))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id)),
    db.select().from(ticketInventory).where(eq(ticketInventory.eventId, event.id)),
  ]);
  if (!owner) throw new Error('event without organization');
  const { organization } = owner;
  const waived = owner.exemption !== null;
  return {
    event,
    organization,
    pricing: { currency: organization.currency, paidBy: organization.serviceFeePaidBy, waived, rate },
    ticketTypes,
    occurrences,
    inventory,
    isCourse: event.kind === 'CLASS' && event.classBookingMode === 'COURSE',
  };
}

/** The event a buyer may buy from: 404 for drafts, blocked and archived events (and unknown ids). */
export async function saleEventOf(db: DbOrTx, eventId: string): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event || event.status === 'DRAFT' || event.isBlocked || event.isArchived) throw notFound('The event');
  return event;
}
