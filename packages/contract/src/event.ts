import { z } from 'zod';
import { MAX_TICKETS_PER_ORDER, MESSAGES } from './common.js';
import {
  ClassBookingMode,
  EventKind,
  EventStatus,
  EventVisibility,
  Location,
  LocationType,
  NamedRef,
  ORGANIZER_PATH,
  TicketPricing,
} from './event-basics.js';
import { dayInput, instantInput } from './limits.js';
import { MediaUrl } from './media.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * Events: one model, three kinds (docs/events.md). Every kind is an event with occurrences: a single
 * event has one, a multi event one per date, a class one per session. Ticket types belong to the
 * event; each is sold per occurrence (a course-type class: once for all sessions).
 */
export const EVENT_PATH = '/api/v1/event';

// What other modules share about events lives there; importing it through this module still works.
export * from './event-basics.js';
/** What the caller is to an event (the role table of docs/events.md). */
export const EventRole = z.enum(['OWNER', 'ADMIN', 'EVENT_ORGANIZER', 'SCANNER']);
export type EventRole = z.infer<typeof EventRole>;
/** Roles an organization member can be given on one event (`update-organizer-and-scanners`). */
export const EventTeamRole = z.enum(['EVENT_ORGANIZER', 'SCANNER']);
export type EventTeamRole = z.infer<typeof EventTeamRole>;

/** Limits of one event; the image limit is the spec's default (configurable on the server). */
export const EVENT_LIMITS = {
  titleMax: 150,
  descriptionMax: 10000,
  maxOccurrences: 366,
  maxTicketTypes: 20,
  maxTags: 10,
  maxQuantity: 100000,
  /** The highest price of one ticket, in minor units. */
  maxPrice: 100_000_000,
} as const;

const EventId = z.uuid({ error: 'Choose an event' });
const Iso = instantInput('Enter a date and time');

// ---------- Authoring input ----------

/** Where it happens: a venue (its IANA zone found from the coordinates, or chosen) or an online link. */
export const LocationInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('VENUE'),
    venueName: z
      .string({ error: 'Enter the venue name' })
      .trim()
      .min(2, 'Enter the venue name')
      .max(200, 'The venue name can have at most 200 characters'),
    address: z
      .string({ error: 'Enter the address' })
      .trim()
      .min(3, 'Enter the address')
      .max(500, 'The address can have at most 500 characters'),
    latitude: z
      .number()
      .min(-90, 'Latitude is between -90 and 90')
      .max(90, 'Latitude is between -90 and 90')
      .nullish(),
    longitude: z
      .number()
      .min(-180, 'Longitude is between -180 and 180')
      .max(180, 'Longitude is between -180 and 180')
      .nullish(),
    /** IANA name; the server checks it. Left out with coordinates: found from them. */
    timeZone: z.string().trim().min(1, 'Choose the time zone').nullish(),
  }),
  z.object({
    type: z.literal('ONLINE'),
    onlineUrl: z
      .string({ error: 'Enter the link' })
      .trim()
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Enter the link starting with http:// or https://'),
    timeZone: z.string({ error: 'Choose the time zone' }).trim().min(1, 'Choose the time zone'),
  }),
]);
export type LocationInput = z.input<typeof LocationInput>;

/** One date of the event (an occurrence; a session of a class). `_id` keeps an existing one on update. */
export const OccurrenceInput = z.object({
  _id: z.uuid().optional(),
  startsAt: Iso,
  endsAt: Iso,
  /** Defaults to the event's visibility. */
  visibility: EventVisibility.optional(),
  /** Seats of this date over all ticket types; without it only the ticket types' quantities limit sales. */
  capacity: z.number().int().min(1, 'Capacity is at least 1').max(EVENT_LIMITS.maxQuantity).nullish(),
});
export type OccurrenceInput = z.input<typeof OccurrenceInput>;

export const TicketTypeInput = z
  .object({
    _id: z.uuid().optional(),
    pricing: TicketPricing,
    name: z
      .string({ error: 'Enter the ticket name' })
      .trim()
      .min(1, 'Enter the ticket name')
      .max(100, 'The ticket name can have at most 100 characters'),
    description: z
      .string()
      .trim()
      .max(1000, 'The description can have at most 1000 characters')
      .nullish()
      .transform((v) => v ?? ''),
    /** Minor units of the organization's currency; 0 for free; the minimum for a donation. */
    price: z
      .number({ error: 'Enter the price' })
      .int('Enter the price in whole minor units')
      .min(0, 'The price cannot be negative')
      .max(EVENT_LIMITS.maxPrice, 'The price is too high'),
    /** Tickets of this type for each occurrence (for a course-type class: for the whole course). */
    quantity: z
      .number({ error: 'Enter the quantity' })
      .int('Enter a whole number')
      .min(1, 'Offer at least 1 ticket')
      .max(EVENT_LIMITS.maxQuantity, `Offer at most ${EVENT_LIMITS.maxQuantity} tickets`),
    saleStartsAt: Iso.nullish(),
    saleEndsAt: Iso.nullish(),
    minPerOrder: z
      .number()
      .int('Enter a whole number')
      .min(1, 'The minimum is at least 1')
      .max(MAX_TICKETS_PER_ORDER, `The minimum is at most ${MAX_TICKETS_PER_ORDER}`)
      .default(1),
    /** Never above the organization's maximum tickets per order (checked on the server). */
    maxPerOrder: z
      .number()
      .int('Enter a whole number')
      .min(1, 'The maximum is at least 1')
      .max(MAX_TICKETS_PER_ORDER, `The maximum is at most ${MAX_TICKETS_PER_ORDER}`)
      .nullish(),
    /** Not shown to buyers unless a promo code reveals it (docs/promo-codes.md). */
    hidden: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    if (t.pricing === 'FREE' && t.price !== 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'A free ticket costs 0' });
    }
    if (t.pricing === 'PAID' && t.price < 1) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter a price above 0, or make it free' });
    }
    if (t.maxPerOrder != null && t.maxPerOrder < t.minPerOrder) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPerOrder'],
        message: 'The maximum cannot be below the minimum',
      });
    }
    if (t.saleStartsAt && t.saleEndsAt && Date.parse(t.saleEndsAt) <= Date.parse(t.saleStartsAt)) {
      ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'Sales must end after they start' });
    }
  });
export type TicketTypeInput = z.input<typeof TicketTypeInput>;

/** A weekly schedule a class's sessions were generated from; kept so the form can show it again. */
export const ClassSchedule = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one day'),
  /** Wall-clock `HH:mm` in the event's zone. */
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time like 18:30'),
  durationMinutes: z
    .number()
    .int()
    .min(5, 'A session lasts at least 5 minutes')
    .max(24 * 60),
  firstDate: dayInput('Choose the first date'),
  lastDate: dayInput('Choose the last date'),
});
export type ClassSchedule = z.infer<typeof ClassSchedule>;

const title = z
  .string({ error: 'Enter the event title' })
  .trim()
  .min(3, 'The title needs at least 3 characters')
  .max(EVENT_LIMITS.titleMax, `The title can have at most ${EVENT_LIMITS.titleMax} characters`);

/**
 * Everything a published event needs. The same shape for the three kinds; the server adds the rules
 * of each kind (one occurrence for SINGLE, at least two for MULTI, a class type for CLASS) and the
 * time rules ("Please re-select event start time." on `occurrences.N.startsAt`).
 */
export const EventInput = z.object({
  organizationId: z.uuid({ error: MESSAGES.organizationRequired }),
  title,
  description: z
    .string({ error: 'Enter a description' })
    .trim()
    .min(10, 'Describe the event in at least 10 characters')
    .max(
      EVENT_LIMITS.descriptionMax,
      `The description can have at most ${EVENT_LIMITS.descriptionMax} characters`,
    ),
  categoryId: z.uuid({ error: 'Choose a category' }),
  subcategoryId: z.uuid({ error: 'Choose a subcategory' }).nullish(),
  tagIds: z
    .array(z.uuid())
    .max(EVENT_LIMITS.maxTags, `Choose at most ${EVENT_LIMITS.maxTags} tags`)
    .default([]),
  /** Uploaded with `upload-media`; at most the configured limit (default 1, "You can select upto 1 images only"). */
  images: z.array(MediaUrl).default([]),
  /** Required for a class; its booking mode decides how capacity is counted. */
  classTypeId: z.uuid({ error: 'Choose the class type' }).nullish(),
  location: LocationInput,
  visibility: EventVisibility.default('PUBLIC'),
  /** Buyers give a name for every ticket (docs/selling.md). */
  attendeeNames: z.boolean().default(false),
  occurrences: z
    .array(OccurrenceInput)
    .min(1, 'Add at least one date')
    .max(EVENT_LIMITS.maxOccurrences, `An event can have at most ${EVENT_LIMITS.maxOccurrences} dates`),
  schedule: ClassSchedule.nullish(),
  ticketTypes: z
    .array(TicketTypeInput)
    .min(1, 'Add at least one ticket type')
    .max(
      EVENT_LIMITS.maxTicketTypes,
      `An event can have at most ${EVENT_LIMITS.maxTicketTypes} ticket types`,
    ),
});
export type EventInput = z.input<typeof EventInput>;

export const UpdateEventInput = EventInput.extend({ eventId: EventId });
export type UpdateEventInput = z.input<typeof UpdateEventInput>;

/**
 * A draft needs only its kind, organization and title; everything else may be missing or incomplete
 * (each present part is still checked for its shape). With `eventId` it saves over that draft.
 */
export const DraftInput = z.object({
  eventId: EventId.optional(),
  kind: EventKind,
  organizationId: z.uuid({ error: MESSAGES.organizationRequired }),
  title,
  description: z.string().trim().max(EVENT_LIMITS.descriptionMax).nullish(),
  categoryId: z.uuid().nullish(),
  subcategoryId: z.uuid().nullish(),
  tagIds: z.array(z.uuid()).max(EVENT_LIMITS.maxTags).default([]),
  images: z.array(MediaUrl).default([]),
  classTypeId: z.uuid().nullish(),
  location: LocationInput.nullish(),
  visibility: EventVisibility.default('PUBLIC'),
  attendeeNames: z.boolean().default(false),
  occurrences: z.array(OccurrenceInput).max(EVENT_LIMITS.maxOccurrences).default([]),
  schedule: ClassSchedule.nullish(),
  ticketTypes: z.array(TicketTypeInput).max(EVENT_LIMITS.maxTicketTypes).default([]),
});
export type DraftInput = z.input<typeof DraftInput>;

// ---------- What the API answers ----------

export const EventFlags = z.object({
  isBlocked: z.boolean(),
  isVerified: z.boolean(),
  isReported: z.boolean(),
  isArchived: z.boolean(),
});

export const Occurrence = z.object({
  _id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  visibility: EventVisibility,
  capacity: z.number().int().nullable(),
  /** Tickets sold for this date (0 until selling lands). */
  sold: z.number().int().nonnegative(),
  status: z.enum(['SCHEDULED', 'CANCELLED']),
});
export type Occurrence = z.infer<typeof Occurrence>;

export const TicketType = z.object({
  _id: z.uuid(),
  pricing: TicketPricing,
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  saleStartsAt: z.string().nullable(),
  saleEndsAt: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int().nullable(),
  /** Shown to buyers only with a promo code that reveals it. */
  hidden: z.boolean().optional(),
  sold: z.number().int().nonnegative(),
  position: z.number().int(),
});
export type TicketType = z.infer<typeof TicketType>;

export const EventTeamMember = z.object({
  /** The organization member (favorite user) id. */
  _id: z.uuid(),
  userId: z.uuid().nullable(),
  name: z.string(),
  email: z.string(),
  memberStatus: z.enum(['INVITED', 'ACTIVE', 'INACTIVE']),
  role: EventTeamRole,
});
export type EventTeamMember = z.infer<typeof EventTeamMember>;

/** One row of the event lists. */
export const EventSummary = EventFlags.extend({
  _id: z.uuid(),
  kind: EventKind,
  title: z.string(),
  image: MediaUrl.nullable(),
  organization: NamedRef,
  category: NamedRef.nullable(),
  status: EventStatus,
  visibility: EventVisibility,
  /** First start and last end over the occurrences; null for a draft without dates. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  locationType: LocationType.nullable(),
  venueName: z.string().nullable(),
  occurrenceCount: z.number().int().nonnegative(),
  /** Tickets sold over capacity; 0 sold until selling lands. Capacity null: a draft without tickets. */
  sold: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative().nullable(),
  currency: z.string(),
  myRole: EventRole,
  createdAt: z.string(),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** The light header other pages show (`partially-event-detail`). */
export const EventHeader = EventFlags.extend({
  _id: z.uuid(),
  kind: EventKind,
  title: z.string(),
  image: MediaUrl.nullable(),
  status: EventStatus,
  visibility: EventVisibility,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  locationType: LocationType.nullable(),
  venueName: z.string().nullable(),
  organization: NamedRef.extend({ currency: z.string() }),
  myRole: EventRole,
});
export type EventHeader = z.infer<typeof EventHeader>;

/** Everything about one event (`panel-organizer-event-detail`). */
export const EventDetail = EventHeader.extend({
  description: z.string(),
  images: z.array(MediaUrl),
  category: NamedRef.nullable(),
  subcategory: NamedRef.nullable(),
  tags: z.array(NamedRef),
  classType: NamedRef.extend({ bookingMode: ClassBookingMode }).nullable(),
  location: Location.nullable(),
  occurrences: z.array(Occurrence),
  ticketTypes: z.array(TicketType),
  schedule: ClassSchedule.nullable(),
  team: z.array(EventTeamMember),
  cancellation: z
    .object({ reason: z.string(), note: z.string().nullable(), cancelledAt: z.string() })
    .nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sold: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative().nullable(),
  /** Buyers give a name for every ticket. */
  attendeeNames: z.boolean(),
  /** The public page's current address `/e/<slug>`: given at the first publish, a new one when the title changes (old ones keep leading there); null for a draft never published. */
  slug: z.string().nullable(),
});
export type EventDetail = z.infer<typeof EventDetail>;

// ---------- Create, edit, drafts ----------

const authoring = (path: string, summary: string, body: z.ZodType, method: 'POST' | 'PUT' = 'POST') => ({
  method,
  path: `${EVENT_PATH}/${path}`,
  summary,
  tag: 'Events',
  response: envelope(EventDetail),
  body,
});

export const createSingleEvent = defineRoute({
  ...authoring('create-single-event', 'Publish a single event (one date)', EventInput),
  body: EventInput,
  access: { organization: 'manage', from: 'body.organizationId' },
});
export const createMultipleEvent = defineRoute({
  ...authoring('create-multiple-event', 'Publish a multi event (one listing, several dates)', EventInput),
  body: EventInput,
  access: { organization: 'manage', from: 'body.organizationId' },
});
export const createClassCreator = defineRoute({
  ...authoring('create-class-creator', 'Publish a class with its sessions', EventInput),
  body: EventInput,
  access: { organization: 'manage', from: 'body.organizationId' },
});
export const updateSingleEvent = defineRoute({
  ...authoring('update-single-event', 'Save a single event', UpdateEventInput, 'PUT'),
  body: UpdateEventInput,
  access: { event: 'manage', from: 'body.eventId' },
});
export const updateMultiEvent = defineRoute({
  ...authoring('update-multi-event', 'Save a multi event', UpdateEventInput, 'PUT'),
  body: UpdateEventInput,
  access: { event: 'manage', from: 'body.eventId' },
});
export const updateClassCreator = defineRoute({
  ...authoring('update-class-creator', 'Save a class and its sessions', UpdateEventInput, 'PUT'),
  body: UpdateEventInput,
  access: { event: 'manage', from: 'body.eventId' },
});
/** The organization (manage) decides both: a new draft, and saving over one of its drafts (any other draft 404). */
export const saveAsDraft = defineRoute({
  ...authoring(
    'save-as-draft',
    'Save an event as a draft (only a title and organization needed)',
    DraftInput,
  ),
  body: DraftInput,
  access: { organization: 'manage', from: 'body.organizationId' },
});
export const removeFromDraft = defineRoute({
  ...authoring('remove-from-draft', 'Publish a draft after full validation', z.object({ eventId: EventId })),
  body: z.object({ eventId: EventId }),
  access: { event: 'manage', from: 'body.eventId' },
});

export const checkEventTitleDuplicacy = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/check-event-title-duplicacy`,
  summary: 'Whether another event of the organization has this title (case and spaces ignored)',
  tag: 'Events',
  access: { organization: 'read', from: 'query.organizationId' },
  query: z.object({
    organizationId: z.uuid({ error: MESSAGES.organizationRequired }),
    title: z.string().max(300),
    eventId: z.uuid().optional(),
  }),
  response: envelope(z.object({ duplicate: z.boolean(), existing: NamedRef.nullable() })),
});
export const DUPLICATE_TITLE_MESSAGE = 'Another event of this organization already has this title.';

export const DropDownValues = z.object({
  organizations: z.array(
    NamedRef.extend({
      currency: z.string(),
      maxTicketsPerOrder: z.number().int(),
      serviceFeePaidBy: z.enum(['BUYER', 'ABSORBED']),
      /** The organization's IANA time zone: a new event's zone starts as this one. */
      timeZone: z.string(),
      /** Active members who can be given a role on an event of this organization. */
      members: z.array(z.object({ _id: z.uuid(), name: z.string(), email: z.string() })),
    }),
  ),
  categories: z.array(NamedRef.extend({ subcategories: z.array(NamedRef) })),
  tags: z.array(NamedRef),
  classTypes: z.array(NamedRef.extend({ bookingMode: ClassBookingMode })),
  ticketTypes: z.array(NamedRef.extend({ pricing: TicketPricing })),
  imageLimit: z.number().int().positive(),
});
export type DropDownValues = z.infer<typeof DropDownValues>;

export const eventDropDownValues = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/event-drop-down-values`,
  summary: "Everything the event form's pickers need: organizations the caller manages, catalog, types",
  tag: 'Events',
  // Members too: an event organizer edits her event with this form (she manages no organization, so
  // her list of organizations is empty and the form adds the event's own).
  access: 'console',
  response: envelope(DropDownValues),
});

/** Beyond the spec: the IANA zone of a point, found offline on the server (docs/events.md). */
export const timeZoneForLocation = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/time-zone-for-location`,
  summary: 'The IANA time zone at a latitude and longitude (offline lookup)',
  tag: 'Events',
  // The form asks it when an event organizer moves her event's venue.
  access: 'console',
  query: z.object({
    latitude: z.coerce
      .number()
      .min(-90, 'Latitude is between -90 and 90')
      .max(90, 'Latitude is between -90 and 90'),
    longitude: z.coerce
      .number()
      .min(-180, 'Longitude is between -180 and 180')
      .max(180, 'Longitude is between -180 and 180'),
  }),
  response: envelope(z.object({ timeZone: z.string() })),
});

// ---------- Service fee ----------

export const FeeQuoteItem = z.object({
  /** Echoes the caller's key (the form's row id). */
  key: z.string(),
  pricing: TicketPricing,
  price: z.number().int(),
  serviceFee: z.number().int(),
  buyerPays: z.number().int(),
  organizerReceives: z.number().int(),
});
export type FeeQuoteItem = z.infer<typeof FeeQuoteItem>;

export const FeeQuote = z.object({
  currency: z.string(),
  paidBy: z.enum(['BUYER', 'ABSORBED']),
  /** True when the owner has an approved non-profit exemption: no service fee at all. */
  waived: z.boolean(),
  /** The configured rate: basis points of the price plus a fixed amount in minor units. */
  percentBasisPoints: z.number().int(),
  fixed: z.number().int(),
  items: z.array(FeeQuoteItem),
});
export type FeeQuote = z.infer<typeof FeeQuote>;

export const calculateServiceFee = defineRoute({
  method: 'POST',
  path: `${EVENT_PATH}/calculate-service-fee`,
  summary: 'Per ticket type: price, service fee, what the buyer pays and what the organizer receives',
  tag: 'Events',
  access: { organization: 'read', from: 'body.organizationId' },
  body: z.object({
    organizationId: z.uuid({ error: MESSAGES.organizationRequired }),
    items: z
      .array(
        z.object({
          key: z.string().max(100),
          pricing: TicketPricing,
          price: z.number().int().min(0).max(EVENT_LIMITS.maxPrice),
        }),
      )
      .max(EVENT_LIMITS.maxTicketTypes),
  }),
  response: envelope(FeeQuote),
});

// ---------- Lists and details ----------

export const EventTab = z.enum(['UPCOMING', 'PAST', 'DRAFTS', 'ARCHIVED', 'CANCELLED']);
export type EventTab = z.infer<typeof EventTab>;
export const EventFlagFilter = z.enum(['BLOCKED', 'VERIFIED', 'REPORTED']);

export const EventListQuery = pageQuery.extend({
  sort: z
    .string()
    .regex(/^-?(startsAt|title|createdAt|sold)$/, 'Sort by startsAt, title, createdAt or sold')
    .optional(),
  tab: EventTab.default('UPCOMING'),
  organizationId: z.uuid().optional(),
  kind: EventKind.optional(),
  categoryId: z.uuid().optional(),
  visibility: EventVisibility.optional(),
  flag: EventFlagFilter.optional(),
  /** Calendar dates (yyyy-MM-dd); events overlapping the range, in each event's own zone. */
  from: dayInput().optional(),
  to: dayInput().optional(),
});
export type EventListQuery = z.input<typeof EventListQuery>;

export const panelOrganizerEventList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/panel-organizer-event-list`,
  summary: 'Events the caller may see (administrators: all), by tab, with filters, search and sort',
  tag: 'Events',
  access: 'console',
  query: EventListQuery,
  response: envelope(pageOf(EventSummary)),
});

export const panelOrganizerEventDetail = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/panel-organizer-event-detail`,
  summary: 'One event with its occurrences, ticket types and team',
  tag: 'Events',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(EventDetail),
});

export const partiallyEventDetail = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/partially-event-detail`,
  summary: "An event's header: title, image, dates, zone, status, organization",
  tag: 'Events',
  access: { event: 'scan', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(EventHeader),
});

// ---------- Status, moderation, lifecycle ----------

export const Availability = z.object({
  canEdit: z.boolean(),
  /** Why not, in the spec's words ("This event can't be edited"). */
  editReason: z.string().nullable(),
  canDelete: z.boolean(),
  deleteReason: z.string().nullable(),
  canChangeStatus: z.boolean(),
  statusReason: z.string().nullable(),
  canCancel: z.boolean(),
  cancelReason: z.string().nullable(),
  /** Bookings that hold tickets (0 until selling lands). */
  bookings: z.number().int().nonnegative(),
});
export type Availability = z.infer<typeof Availability>;

export const checkEventEditDeleteAvailability = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/check-event-edit-delete-availability`,
  summary: 'What may be done to the event now, and why not',
  tag: 'Events',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(Availability),
});

export const updateEventStatus = defineRoute({
  method: 'PUT',
  path: `${EVENT_PATH}/update-event-status`,
  summary: 'Make the event and all its dates or sessions public or private',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId, visibility: EventVisibility }),
  response: envelope(EventHeader),
});

export const EventAction = z.enum(
  ['BLOCK', 'UNBLOCK', 'VERIFY', 'UNVERIFY', 'REPORT', 'UNREPORT', 'ARCHIVE', 'UNARCHIVE', 'DELETE'],
  { error: 'Choose an action' },
);
export type EventAction = z.infer<typeof EventAction>;
/** Actions only administrators may take; the console hides them from everyone else. */
export const ADMIN_EVENT_ACTIONS: readonly EventAction[] = ['BLOCK', 'UNBLOCK', 'VERIFY', 'UNVERIFY'];

export const EventIds = z
  .array(EventId)
  .max(100, 'Choose at most 100 events at once')
  .min(1, 'Choose at least one event');

export const organizerPanelEventAction = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/organizer-panel-event-action`,
  summary: 'Block, verify, report, archive or delete one or more events (each audit-logged)',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventIds' },
  body: z.object({
    eventIds: EventIds,
    action: EventAction,
    /** For REPORT: an EVENT_REPORT reason. */
    reasonId: z.uuid({ error: 'Choose a reason' }).optional(),
  }),
  response: envelope(
    z.object({ updated: z.number().int().nonnegative(), deleted: z.number().int().nonnegative() }),
  ),
});

export const deleteEvent = defineRoute({
  method: 'DELETE',
  path: `${EVENT_PATH}/delete-event`,
  summary: 'Delete an event that has no bookings',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId }),
  response: envelope(z.null()),
});

export const archiveEvent = defineRoute({
  method: 'PUT',
  path: `${EVENT_PATH}/archive-event`,
  summary: 'Archive events (or bring them back with archived: false)',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventIds' },
  body: z.object({ eventIds: EventIds, archived: z.boolean().default(true) }),
  response: envelope(z.object({ updated: z.number().int().nonnegative() })),
});

export const cancelEvent = defineRoute({
  method: 'POST',
  path: `${EVENT_PATH}/cancel-event`,
  summary: 'Cancel an event with a reason; sales stop at once',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({
    eventId: EventId,
    reasonId: z.uuid({ error: 'Choose a reason' }),
    note: z.string().trim().max(1000, 'The note can have at most 1000 characters').nullish(),
  }),
  response: envelope(EventHeader),
});

// ---------- Team per event ----------

export const updateOrganizerAndScanners = defineRoute({
  method: 'PUT',
  path: `${EVENT_PATH}/update-organizer-and-scanners`,
  summary: "Set the event's organizers and scanners (active members of its organization)",
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({
    eventId: EventId,
    organizers: z.array(z.uuid()).max(100).default([]),
    scanners: z.array(z.uuid()).max(100).default([]),
  }),
  response: envelope(z.array(EventTeamMember)),
});

export const getEventOrganizers = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/get-event-organizers`,
  summary: "The event's organizers",
  tag: 'Events',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(z.array(EventTeamMember)),
});

export const getTicketScanners = defineRoute({
  method: 'GET',
  path: `${EVENT_PATH}/get-ticket-scanners`,
  summary: "The event's ticket scanners",
  tag: 'Events',
  access: { event: 'read', from: 'query.eventId' },
  query: z.object({ eventId: EventId }),
  response: envelope(z.array(EventTeamMember)),
});

export const MemberEvent = z.object({
  event: EventSummary.pick({
    _id: true,
    title: true,
    kind: true,
    status: true,
    startsAt: true,
    timeZone: true,
    image: true,
  }),
  role: EventTeamRole,
});
export type MemberEvent = z.infer<typeof MemberEvent>;

export const favoriteUserEventList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/favorite-user-event-list`,
  summary: "A member's events and their role on each",
  tag: 'Events',
  access: { member: 'read', from: 'query.memberId' },
  query: pageQuery
    .pick({ page: true, limit: true })
    .extend({ memberId: z.uuid({ error: 'Choose a member' }) }),
  response: envelope(pageOf(MemberEvent)),
});

export const unlinkUserFromEvent = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/unlink-user-from-event`,
  summary: 'Take a member off one event (both roles)',
  tag: 'Events',
  access: { event: 'manage', from: 'body.eventId' },
  body: z.object({ eventId: EventId, memberId: z.uuid({ error: 'Choose a member' }) }),
  response: envelope(z.null()),
});

/** Labels the console shows; one place so lists, details and badges agree. */
export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  SINGLE: 'Single event',
  MULTI: 'Multi event',
  CLASS: 'Class',
};
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};
export const EVENT_ROLE_LABELS: Record<EventRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Administrator',
  EVENT_ORGANIZER: 'Event organizer',
  SCANNER: 'Scanner',
};
export const EVENT_MESSAGES = {
  duplicateTitle: DUPLICATE_TITLE_MESSAGE,
  notEditable: MESSAGES.eventNotEditable,
  notDeletable: MESSAGES.eventNotDeletable,
  statusLocked: MESSAGES.eventStatusLocked,
  adminOnly: 'Only administrators can block, unblock, verify or unverify events.',
  alreadyCancelled: 'This event is already cancelled.',
  notCancellable: "This event can't be cancelled",
} as const;
