import {
  type ClassBookingMode,
  type DraftInput,
  type EventKind,
  type LocationType,
  MESSAGES,
} from '@marquee/contract';
import { isValidTimeZone } from '@marquee/time';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { refuse } from './authoring-messages.js';
import {
  activeTagIds,
  classTypeBookingMode,
  isActiveCategory,
  isActiveSubcategoryOf,
} from './repo/catalog-refs.js';
import type { OrganizationRow } from './repo/rows.js';
import { timeZoneAt } from './time-zone.js';

/**
 * The server's rules of an event on top of the contract's shapes (docs/events.md, "Authoring"). One
 * function for the three kinds and for drafts: a draft is checked only on what it already has (so it
 * can be stored), a published event on everything.
 */
export type EventValues = Omit<z.output<typeof DraftInput>, 'eventId' | 'kind'>;
export interface FieldError {
  field: string;
  message: string;
}

export interface RuleContext {
  kind: EventKind;
  mode: 'publish' | 'draft';
  now: Date;
  organization: OrganizationRow;
  imageLimit: number;
  /** The stored dates and ticket types of the event being saved over (null: a new event). */
  stored: {
    occurrences: Map<string, { startsAt: Date; endsAt: Date }>;
    ticketTypeIds: Set<string>;
    /** A published event's date that already started may stay as it was (unchanged). */
    startedMayStay: boolean;
  } | null;
}

export interface ResolvedLocation {
  locationType: LocationType | null;
  venueName: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  onlineUrl: string | null;
  timeZone: string | null;
}

export interface CheckedEvent {
  errors: FieldError[];
  location: ResolvedLocation;
  classBookingMode: ClassBookingMode | null;
}

export const RULE_MESSAGES = {
  singleDates: 'A single event has exactly one date.',
  multiDates: 'A multi event needs at least two dates.',
  classType: 'Choose the class type',
  category: 'Choose an active category',
  subcategory: 'Choose an active subcategory of this category',
  tag: 'This tag is no longer available; remove it',
  timeZone: 'Choose the time zone',
  invalidTimeZone: 'Choose a valid time zone',
  zoneNotFound: 'The time zone of this place could not be found; choose it',
  bothCoordinates: 'Enter both latitude and longitude, or neither',
  unknownDate: 'This date is not part of the event.',
  unknownTicketType: 'This ticket type is not part of the event.',
  repeated: 'This item appears twice.',
  saleAfterEvent: 'Ticket sales must end by the end of the last date',
  saleStartAfterEvent: 'Ticket sales must start before the last date ends',
  perOrderLimit: (limit: number) => `At most ${limit} tickets per order (the organization's limit)`,
} as const;

const NO_LOCATION: ResolvedLocation = {
  locationType: null,
  venueName: null,
  address: null,
  latitude: null,
  longitude: null,
  onlineUrl: null,
  timeZone: null,
};

/** The location as stored, its zone chosen by hand or found from the coordinates (the hand wins). */
function resolveLocation(values: EventValues, ctx: RuleContext, errors: FieldError[]): ResolvedLocation {
  const location = values.location;
  if (!location) return NO_LOCATION;
  if (location.type === 'ONLINE') {
    if (!isValidTimeZone(location.timeZone)) {
      errors.push({ field: 'location.timeZone', message: RULE_MESSAGES.invalidTimeZone });
    }
    return {
      ...NO_LOCATION,
      locationType: 'ONLINE',
      onlineUrl: location.onlineUrl,
      timeZone: location.timeZone,
    };
  }
  const latitude = location.latitude ?? null;
  const longitude = location.longitude ?? null;
  if ((latitude === null) !== (longitude === null)) {
    errors.push({
      field: latitude === null ? 'location.latitude' : 'location.longitude',
      message: RULE_MESSAGES.bothCoordinates,
    });
  }
  let timeZone = location.timeZone ?? null;
  if (timeZone !== null && !isValidTimeZone(timeZone)) {
    errors.push({ field: 'location.timeZone', message: RULE_MESSAGES.invalidTimeZone });
  } else if (timeZone === null && latitude !== null && longitude !== null) {
    timeZone = timeZoneAt(latitude, longitude);
    if (timeZone === null) errors.push({ field: 'location.timeZone', message: RULE_MESSAGES.zoneNotFound });
  } else if (timeZone === null && ctx.mode === 'publish') {
    errors.push({ field: 'location.timeZone', message: RULE_MESSAGES.timeZone });
  }
  return {
    locationType: 'VENUE',
    venueName: location.venueName,
    address: location.address,
    latitude,
    longitude,
    onlineUrl: null,
    timeZone,
  };
}

/** Category, subcategory, tags and class type must exist and be ACTIVE (the class type: exist). */
async function checkReferences(
  db: DbOrTx,
  values: EventValues,
  ctx: RuleContext,
  errors: FieldError[],
): Promise<ClassBookingMode | null> {
  if (values.categoryId && !(await isActiveCategory(db, values.categoryId))) {
    errors.push({ field: 'categoryId', message: RULE_MESSAGES.category });
  }
  if (values.subcategoryId) {
    const linked = values.categoryId
      ? await isActiveSubcategoryOf(db, values.subcategoryId, values.categoryId)
      : false;
    if (!linked) errors.push({ field: 'subcategoryId', message: RULE_MESSAGES.subcategory });
  }
  if (values.tagIds.length > 0) {
    const known = await activeTagIds(db, values.tagIds);
    values.tagIds.forEach((id, n) => {
      if (!known.has(id)) errors.push({ field: `tagIds.${n}`, message: RULE_MESSAGES.tag });
    });
  }
  if (ctx.kind !== 'CLASS') return null;
  if (!values.classTypeId) {
    if (ctx.mode === 'publish') errors.push({ field: 'classTypeId', message: RULE_MESSAGES.classType });
    return null;
  }
  const bookingMode = await classTypeBookingMode(db, values.classTypeId);
  if (!bookingMode) errors.push({ field: 'classTypeId', message: RULE_MESSAGES.classType });
  return bookingMode ?? null;
}

/** `_id`s must name the event's own rows, once each; on a new event they are ignored. */
function checkIds(ids: (string | undefined)[], known: Set<string> | null, list: string, unknown: string) {
  const errors: FieldError[] = [];
  if (!known) return errors;
  const seen = new Set<string>();
  ids.forEach((id, n) => {
    if (!id) return;
    if (!known.has(id)) errors.push({ field: `${list}.${n}._id`, message: unknown });
    else if (seen.has(id)) errors.push({ field: `${list}.${n}._id`, message: RULE_MESSAGES.repeated });
    seen.add(id);
  });
  return errors;
}

function checkOccurrences(values: EventValues, ctx: RuleContext, errors: FieldError[]) {
  const publish = ctx.mode === 'publish';
  const count = values.occurrences.length;
  if (publish && ctx.kind === 'SINGLE' && count !== 1) {
    errors.push({ field: 'occurrences', message: RULE_MESSAGES.singleDates });
  }
  if (publish && ctx.kind === 'MULTI' && count < 2) {
    errors.push({ field: 'occurrences', message: RULE_MESSAGES.multiDates });
  }
  const stored = ctx.stored?.occurrences ?? null;
  errors.push(
    ...checkIds(
      values.occurrences.map((o) => o._id),
      stored ? new Set(stored.keys()) : null,
      'occurrences',
      RULE_MESSAGES.unknownDate,
    ),
  );
  values.occurrences.forEach((occurrence, n) => {
    const startsAt = Date.parse(occurrence.startsAt);
    const endsAt = Date.parse(occurrence.endsAt);
    const before = occurrence._id ? stored?.get(occurrence._id) : undefined;
    // A date that already started may stay as it is; only a new or moved one must lie ahead.
    const unchanged =
      before !== undefined &&
      ctx.stored?.startedMayStay === true &&
      before.startsAt.getTime() === startsAt &&
      before.endsAt.getTime() === endsAt;
    if (unchanged) return;
    if (publish && startsAt < ctx.now.getTime()) {
      errors.push({ field: `occurrences.${n}.startsAt`, message: MESSAGES.reselectStartTime });
    }
    if (endsAt <= startsAt) {
      errors.push({ field: `occurrences.${n}.endsAt`, message: MESSAGES.reselectEndTime });
    }
  });
}

function checkTicketTypes(values: EventValues, ctx: RuleContext, errors: FieldError[]) {
  const limit = ctx.organization.maxTicketsPerOrder;
  const lastEnd = Math.max(...values.occurrences.map((o) => Date.parse(o.endsAt)));
  errors.push(
    ...checkIds(
      values.ticketTypes.map((t) => t._id),
      ctx.stored?.ticketTypeIds ?? null,
      'ticketTypes',
      RULE_MESSAGES.unknownTicketType,
    ),
  );
  values.ticketTypes.forEach((ticket, n) => {
    // No maximum means the organization's maximum; a larger one is refused, not silently capped.
    if (ticket.maxPerOrder != null && ticket.maxPerOrder > limit) {
      errors.push({ field: `ticketTypes.${n}.maxPerOrder`, message: RULE_MESSAGES.perOrderLimit(limit) });
    }
    if (ticket.minPerOrder > limit) {
      errors.push({ field: `ticketTypes.${n}.minPerOrder`, message: RULE_MESSAGES.perOrderLimit(limit) });
    }
    if (ctx.mode !== 'publish' || values.occurrences.length === 0) return;
    if (ticket.saleEndsAt && Date.parse(ticket.saleEndsAt) > lastEnd) {
      errors.push({ field: `ticketTypes.${n}.saleEndsAt`, message: RULE_MESSAGES.saleAfterEvent });
    }
    if (ticket.saleStartsAt && Date.parse(ticket.saleStartsAt) >= lastEnd) {
      errors.push({ field: `ticketTypes.${n}.saleStartsAt`, message: RULE_MESSAGES.saleStartAfterEvent });
    }
  });
}

/** Every rule of the server; field errors name the fields as `EventInput` does (`occurrences.0.startsAt`). */
export async function checkEvent(db: DbOrTx, values: EventValues, ctx: RuleContext): Promise<CheckedEvent> {
  const errors: FieldError[] = [];
  if (values.images.length > ctx.imageLimit) {
    errors.push({ field: 'images', message: MESSAGES.imageLimit(ctx.imageLimit) });
  }
  const location = resolveLocation(values, ctx, errors);
  const classBookingMode = await checkReferences(db, values, ctx, errors);
  checkOccurrences(values, ctx, errors);
  checkTicketTypes(values, ctx, errors);
  return { errors, location, classBookingMode };
}

/** `checkEvent`, where any error refuses the whole call (400 with every field's error). */
export async function checkEventOrRefuse(
  db: DbOrTx,
  values: EventValues,
  ctx: RuleContext,
): Promise<CheckedEvent> {
  const checked = await checkEvent(db, values, ctx);
  if (checked.errors.length > 0) throw refuse(checked.errors);
  return checked;
}
