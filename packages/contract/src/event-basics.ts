import { z } from 'zod';

/**
 * What most of the contract says about events without being the events' own calls: the organizer
 * API's prefix, the kinds, states and pricing, a location, a named reference. Kept apart from event.ts
 * (which re-exports them) so a screen that only shows an event (the buyer's page, the door, the
 * dashboards) does not build the ~100 schemas of creating and editing one when its code loads
 * (docs/performance.md, "The thirteenth round").
 */
export const ORGANIZER_PATH = '/api/v1/organizer';

export const EventKind = z.enum(['SINGLE', 'MULTI', 'CLASS'], { error: 'Kind is SINGLE, MULTI or CLASS' });
export type EventKind = z.infer<typeof EventKind>;
export const EventStatus = z.enum(['DRAFT', 'PUBLISHED', 'COMPLETED', 'CANCELLED']);
export type EventStatus = z.infer<typeof EventStatus>;
export const EventVisibility = z.enum(['PUBLIC', 'PRIVATE'], { error: 'Choose public or private' });
export type EventVisibility = z.infer<typeof EventVisibility>;
/** How a ticket type is priced (the reference list `get-ticket-type`). Donation: `price` is the minimum. */
export const TicketPricing = z.enum(['PAID', 'FREE', 'DONATION'], { error: 'Choose paid, free or donation' });
export type TicketPricing = z.infer<typeof TicketPricing>;
/** How a class is booked (the reference list `get-class-type`): the whole course, or each session. */
export const ClassBookingMode = z.enum(['COURSE', 'DROP_IN']);
export type ClassBookingMode = z.infer<typeof ClassBookingMode>;
export const LocationType = z.enum(['VENUE', 'ONLINE'], { error: 'Choose a venue or online' });
export type LocationType = z.infer<typeof LocationType>;

export const Location = z.object({
  type: LocationType,
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  onlineUrl: z.string().nullable(),
});
export type Location = z.infer<typeof Location>;

export const NamedRef = z.object({ _id: z.uuid(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRef>;
