import type { ResourceKind, ResourceLevel } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { bookings, organizationMembers, refundRequests } from '../../db/schema/index.js';
import { notFound } from '../errors.js';
import type { Actor } from './actor.js';
import { type EventGrant, type EventLevel, organizationGrantOf, requireEvent } from './event-access.query.js';
import { type OrganizationGrant, requireOrganization } from './tenancy.query.js';

/** What a resource rule hands the handler: always the organization grant; for events the event grants too. */
export interface Resolved {
  grant: OrganizationGrant;
  /** Event rules: the event (the first, when the rule names a list of ids) and every event named. */
  event?: EventGrant;
  events?: EventGrant[];
}

type Resolver<K extends ResourceKind> = (
  db: DbOrTx,
  actor: Actor,
  id: string,
  level: ResourceLevel<K>,
) => Promise<Resolved>;

/**
 * Each resource kind of the contract resolves to the organization it belongs to, then the tenancy
 * rules decide (404 for anything the actor may not see). A new kind (event → organization,
 * booking → event) is one entry here and one in the contract's `RESOURCE_LEVELS`.
 */
export const resolvers: { [K in ResourceKind]: Resolver<K> } = {
  organization: async (db, actor, id, level) => ({
    grant: await requireOrganization(db, actor, id, level),
  }),
  member: async (db, actor, id, level) => {
    const organizationId = await organizationOfMember(db, id);
    if (!organizationId) throw notFound('The member');
    return { grant: await requireOrganization(db, actor, organizationId, level, { what: 'The member' }) };
  },
  booking: async (db, actor, id, level) => {
    const eventId = await eventOfBooking(db, id);
    if (!eventId) throw notFound('The order');
    const event = await requireEvent(db, actor, eventId, level as EventLevel, { what: 'The order' });
    return { grant: organizationGrantOf(event), event, events: [event] };
  },
  refundRequest: async (db, actor, id, level) => {
    const eventId = await eventOfRefundRequest(db, id);
    if (!eventId) throw notFound('The refund request');
    const event = await requireEvent(db, actor, eventId, level as EventLevel, { what: 'The refund request' });
    return { grant: organizationGrantOf(event), event, events: [event] };
  },
  event: async (db, actor, id, level) => {
    const event = await requireEvent(db, actor, id, level as EventLevel);
    return { grant: organizationGrantOf(event), event, events: [event] };
  },
};

async function organizationOfMember(db: DbOrTx, memberId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.id, memberId))
    .limit(1);
  return row?.organizationId ?? null;
}

async function eventOfBooking(db: DbOrTx, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ eventId: bookings.eventId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row?.eventId ?? null;
}

async function eventOfRefundRequest(db: DbOrTx, requestId: string): Promise<string | null> {
  const [row] = await db
    .select({ eventId: refundRequests.eventId })
    .from(refundRequests)
    .where(eq(refundRequests.id, requestId))
    .limit(1);
  return row?.eventId ?? null;
}
