import type { EventHeader } from '@marquee/contract';
import type { EventGrant } from '../../lib/event-access.js';

/**
 * The light header (`EventHeader`) from an event grant: everything it needs is on the event row, its
 * organization and the actor's role, so no query. (event-detail.ts builds the same for the detail.)
 */
export function eventHeader({ event, organization, role }: EventGrant): EventHeader {
  return {
    _id: event.id,
    kind: event.kind,
    title: event.title,
    image: event.images[0] ?? null,
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
