import type { EventHeader } from '@marquee/contract';
import type { EventGrant } from '../../lib/access/index.js';

/**
 * The light header (`EventHeader`) of one event: what `partially-event-detail` answers, what the
 * management calls answer after a change, and the head of the whole detail (queries/event-detail.ts). Everything
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
