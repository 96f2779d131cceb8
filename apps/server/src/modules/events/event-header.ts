import type { EventHeader } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { EventGrant } from '../../lib/access/index.js';
import { completeEndedEvents } from './completion.js';

/**
 * The light header (`EventHeader`) of one event: what `partially-event-detail` answers, what the
 * management calls answer after a change, and the head of the whole detail (event-detail.ts). Everything
 * it needs is on the event row, its organization and the actor's role, so no query.
 */
export function eventHeader({ event, organization, role }: EventGrant): EventHeader {
  return {
    _id: event.id,
    kind: event.kind,
    title: event.title,
    image: (event.images[0] ?? null) as EventHeader['image'],
    status: event.status,
    visibility: event.visibility,
    startsAt: event.startsAt?.toISOString() ?? null,
    endsAt: event.endsAt?.toISOString() ?? null,
    timeZone: event.timeZone,
    locationType: event.locationType,
    venueName: event.venueName,
    organization: { _id: organization.id, name: organization.name, currency: organization.currency },
    myRole: role,
    isBlocked: event.isBlocked,
    isVerified: event.isVerified,
    isReported: event.isReported,
    isArchived: event.isArchived,
  };
}

/**
 * The grant as it reads once ended events are COMPLETED, as the list reads them: the access check
 * loaded the event row before completion ran, so the row is read again when this run completed any.
 */
export async function currentGrant(db: DbOrTx, grant: EventGrant, now: Date): Promise<EventGrant> {
  if ((await completeEndedEvents(db, now)) === 0) return grant;
  const [event] = await db.select().from(events).where(eq(events.id, grant.event.id));
  return event ? { ...grant, event } : grant;
}
