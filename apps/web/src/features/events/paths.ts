/** The event screens (docs/routes.md). Static segments rank above `:eventId`; ids are UUIDs. */
export const EVENT_PATHS = {
  eventManagement: '/event-management',
  organizationEvents: '/event-management/organizations/:organizationId',
  /** `?kind=SINGLE` (default) or `?kind=MULTI`; `?draft=<eventId>` resumes a draft. */
  createEvent: '/event-management/new',
  classCreatorEvent: '/event-management/classes/new',
  eventDetails: '/event-management/:eventId',
  editEvent: '/event-management/:eventId/edit',
  eventClassDetails: '/event-management/classes/:eventId',
  editClassEvent: '/event-management/classes/:eventId/edit',
} as const;

const id = encodeURIComponent;

export type EventListTab = 'upcoming' | 'past' | 'drafts' | 'archived' | 'cancelled';

export const organizationEventsPath = (organizationId: string) =>
  `/event-management/organizations/${id(organizationId)}`;
export const createEventPath = (kind: 'SINGLE' | 'MULTI' = 'SINGLE') =>
  kind === 'MULTI' ? '/event-management/new?kind=MULTI' : '/event-management/new';
/** A class's details live under `classes/`; every other kind under the plain path. */
export const eventDetailsPath = (eventId: string, kind?: 'SINGLE' | 'MULTI' | 'CLASS') =>
  kind === 'CLASS' ? `/event-management/classes/${id(eventId)}` : `/event-management/${id(eventId)}`;
export const editEventPath = (eventId: string, kind?: 'SINGLE' | 'MULTI' | 'CLASS') =>
  kind === 'CLASS'
    ? `/event-management/classes/${id(eventId)}/edit`
    : `/event-management/${id(eventId)}/edit`;
