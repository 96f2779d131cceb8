import {
  type ClassSchedule,
  DraftInput,
  type EventDetail,
  EventInput,
  type EventKind,
  type EventVisibility,
  LocationInput,
  MESSAGES,
  OccurrenceInput,
  type TicketPricing,
  TicketTypeInput,
} from '@marquee/contract';
import { formatMoney, parseMoney } from '../../../../lib/money';
import { zodFieldErrors } from './zod-errors';

/**
 * The form's values, shaped like the API's input so a server field error (`occurrences.2.startsAt`,
 * `ticketTypes.0.price`) names a value of the form and lands under its field. Numbers a person types
 * are kept as typed (price as text in major units, empty counts as '') and converted on sending.
 */
export interface OccurrenceValues {
  /** Stable React key of the row (new rows have no `_id` yet). */
  key: string;
  _id?: string;
  startsAt: string | null;
  endsAt: string | null;
  visibility: EventVisibility;
  capacity: number | '';
}

export interface TicketValues {
  /** Stable React key, also the key of the row's fee quote. */
  key: string;
  _id?: string;
  pricing: TicketPricing;
  name: string;
  description: string;
  /** As typed, in major units of the organization's currency ("12.50"). */
  price: string;
  quantity: number | '';
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  minPerOrder: number | '';
  maxPerOrder: number | '';
  /** Shown to buyers only with a promo code that reveals it (docs/promo-codes.md). */
  hidden?: boolean;
}

export interface ScheduleValues {
  /** Weekday numbers as strings (Chip values): '0' = Sunday. */
  days: string[];
  startTime: string;
  durationMinutes: number | '';
  firstDate: string | null;
  lastDate: string | null;
}

/** The event's team: organization member ids, each in one role at most (the server refuses both). */
export interface TeamValues {
  organizers: string[];
  scanners: string[];
}

export interface EventFormValues {
  organizationId: string | null;
  title: string;
  description: string;
  categoryId: string | null;
  subcategoryId: string | null;
  tagIds: string[];
  images: string[];
  classTypeId: string | null;
  location: {
    type: 'VENUE' | 'ONLINE';
    venueName: string;
    address: string;
    latitude: number | '';
    longitude: number | '';
    onlineUrl: string;
    timeZone: string | null;
  };
  visibility: EventVisibility;
  /** Buyers name the attendee of every ticket. */
  attendeeNames: boolean;
  occurrences: OccurrenceValues[];
  schedule: ScheduleValues;
  ticketTypes: TicketValues[];
  /** Saved with update-organizer-and-scanners once the event itself is saved (it needs the id). */
  team: TeamValues;
}

let keySeed = 0;
/** A row key unique in this page; ids are not needed, only stability while the form lives. */
export const rowKey = () => `row-${++keySeed}`;

export const emptyOccurrence = (visibility: EventVisibility = 'PUBLIC'): OccurrenceValues => ({
  key: rowKey(),
  startsAt: null,
  endsAt: null,
  visibility,
  capacity: '',
});

export const emptyTicket = (): TicketValues => ({
  key: rowKey(),
  pricing: 'PAID',
  name: '',
  description: '',
  price: '',
  quantity: '',
  saleStartsAt: null,
  saleEndsAt: null,
  minPerOrder: 1,
  maxPerOrder: '',
});

/** A new event's values; its zone starts as its organization's (`timeZone`) when that is known. */
export function emptyValues(
  kind: EventKind,
  organizationId: string | null,
  timeZone: string | null = null,
): EventFormValues {
  return {
    organizationId,
    title: '',
    description: '',
    categoryId: null,
    subcategoryId: null,
    tagIds: [],
    images: [],
    classTypeId: null,
    location: {
      type: 'VENUE',
      venueName: '',
      address: '',
      latitude: '',
      longitude: '',
      onlineUrl: '',
      timeZone,
    },
    visibility: 'PUBLIC',
    attendeeNames: false,
    // A single event always has its one date; a multi event starts with two, a class with none yet.
    occurrences:
      kind === 'SINGLE'
        ? [emptyOccurrence()]
        : kind === 'MULTI'
          ? [emptyOccurrence(), emptyOccurrence()]
          : [],
    schedule: { days: [], startTime: '', durationMinutes: 60, firstDate: null, lastDate: null },
    ticketTypes: [emptyTicket()],
    team: { organizers: [], scanners: [] },
  };
}

/** The team of a saved event, as the form holds it. */
export function teamFromDetail(team: EventDetail['team']): TeamValues {
  return {
    organizers: team.filter((m) => m.role === 'EVENT_ORGANIZER').map((m) => m._id),
    scanners: team.filter((m) => m.role === 'SCANNER').map((m) => m._id),
  };
}

/** True when both teams hold the same members in the same roles (order does not matter). */
export function sameTeam(a: TeamValues, b: TeamValues): boolean {
  const same = (x: string[], y: string[]) =>
    x.length === y.length && [...x].sort().join() === [...y].sort().join();
  return same(a.organizers, b.organizers) && same(a.scanners, b.scanners);
}

const majorText = (amountMinor: number, currency: string) =>
  // Plain digits for the field (no symbol, no grouping), as parseMoney reads them back.
  formatMoney(amountMinor, currency, 'en-US').replace(/[^\d.-]/g, '');

/** A saved event (a draft being resumed, or a published one being edited) as form values. */
export function valuesFromDetail(detail: EventDetail, currency: string): EventFormValues {
  const base = emptyValues(detail.kind, detail.organization._id);
  const loc = detail.location;
  return {
    ...base,
    title: detail.title,
    description: detail.description,
    categoryId: detail.category?._id ?? null,
    subcategoryId: detail.subcategory?._id ?? null,
    tagIds: detail.tags.map((t) => t._id),
    images: detail.images,
    classTypeId: detail.classType?._id ?? null,
    location: {
      type: loc?.type ?? 'VENUE',
      venueName: loc?.venueName ?? '',
      address: loc?.address ?? '',
      latitude: loc?.latitude ?? '',
      longitude: loc?.longitude ?? '',
      onlineUrl: loc?.onlineUrl ?? '',
      timeZone: detail.timeZone,
    },
    visibility: detail.visibility,
    attendeeNames: detail.attendeeNames,
    occurrences:
      detail.occurrences.length > 0 || detail.kind === 'CLASS'
        ? detail.occurrences.map((o) => ({
            key: rowKey(),
            _id: o._id,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
            visibility: o.visibility,
            capacity: o.capacity ?? '',
          }))
        : base.occurrences,
    schedule: detail.schedule
      ? {
          days: detail.schedule.days.map(String),
          startTime: detail.schedule.startTime,
          durationMinutes: detail.schedule.durationMinutes,
          firstDate: detail.schedule.firstDate,
          lastDate: detail.schedule.lastDate,
        }
      : base.schedule,
    ticketTypes:
      detail.ticketTypes.length > 0
        ? detail.ticketTypes.map((t) => ({
            key: rowKey(),
            _id: t._id,
            pricing: t.pricing,
            name: t.name,
            description: t.description,
            price: t.pricing === 'FREE' ? '' : majorText(t.price, currency),
            quantity: t.quantity,
            saleStartsAt: t.saleStartsAt,
            saleEndsAt: t.saleEndsAt,
            minPerOrder: t.minPerOrder,
            maxPerOrder: t.maxPerOrder ?? '',
            hidden: t.hidden ?? false,
          }))
        : base.ticketTypes,
    team: teamFromDetail(detail.team),
  };
}

const orNull = <T>(value: T | '') => (value === '' ? null : value);

/** A row's price in minor units, or why the text is not an amount. Free tickets cost 0. */
export function ticketPrice(t: TicketValues, currency: string) {
  if (t.pricing === 'FREE') return { ok: true as const, amountMinor: 0 };
  if (t.price.trim() === '') return { ok: false as const, message: 'Enter the price' };
  return parseMoney(t.price, currency);
}

function ticketBody(t: TicketValues, currency: string) {
  const price = ticketPrice(t, currency);
  return {
    ...(t._id ? { _id: t._id } : {}),
    pricing: t.pricing,
    name: t.name,
    description: t.description,
    // An unreadable amount is reported by `priceErrors`; NaN keeps it from passing as a number.
    price: price.ok ? price.amountMinor : Number.NaN,
    quantity: t.quantity === '' ? (undefined as unknown as number) : t.quantity,
    saleStartsAt: t.saleStartsAt,
    saleEndsAt: t.saleEndsAt,
    minPerOrder: t.minPerOrder === '' ? 1 : t.minPerOrder,
    maxPerOrder: orNull(t.maxPerOrder),
    hidden: t.hidden ?? false,
  };
}

function locationBody(l: EventFormValues['location']) {
  if (l.type === 'ONLINE')
    return { type: 'ONLINE' as const, onlineUrl: l.onlineUrl, timeZone: l.timeZone ?? '' };
  return {
    type: 'VENUE' as const,
    venueName: l.venueName,
    address: l.address,
    latitude: orNull(l.latitude),
    longitude: orNull(l.longitude),
    timeZone: l.timeZone,
  };
}

function scheduleBody(s: ScheduleValues): ClassSchedule | null {
  if (s.days.length === 0 || !s.startTime || s.durationMinutes === '' || !s.firstDate || !s.lastDate)
    return null;
  return {
    days: s.days.map(Number).sort(),
    startTime: s.startTime,
    durationMinutes: s.durationMinutes,
    firstDate: s.firstDate,
    lastDate: s.lastDate,
  };
}

/** The body of create-* and update-* (add `eventId` for an update). */
export function toEventInput(v: EventFormValues, kind: EventKind, currency: string): EventInput {
  return {
    organizationId: v.organizationId ?? '',
    title: v.title,
    description: v.description,
    categoryId: v.categoryId ?? '',
    subcategoryId: v.subcategoryId,
    tagIds: v.tagIds,
    images: v.images,
    classTypeId: kind === 'CLASS' ? v.classTypeId : null,
    location: locationBody(v.location),
    visibility: v.visibility,
    attendeeNames: v.attendeeNames,
    occurrences: v.occurrences.map((o) => ({
      ...(o._id ? { _id: o._id } : {}),
      startsAt: o.startsAt ?? '',
      endsAt: o.endsAt ?? '',
      visibility: o.visibility,
      capacity: orNull(o.capacity),
    })),
    schedule: kind === 'CLASS' ? scheduleBody(v.schedule) : null,
    ticketTypes: v.ticketTypes.map((t) => ticketBody(t, currency)),
  };
}

/** A draft's body, and which rows of the form it carries (so server error paths can be mapped back). */
export interface DraftBody {
  body: DraftInput;
  /** Form index of each sent date or session, in the order sent. */
  sentOccurrences: number[];
  /** Form index of each sent ticket row, in the order sent. */
  sentTickets: number[];
  /** Parts filled in but not complete enough to be stored yet, in words ("the place", "ticket 2"). */
  omitted: string[];
}

const occurrenceEmpty = (o: OccurrenceValues) => !o.startsAt && !o.endsAt;
const ticketEmpty = (t: TicketValues) => !t.name.trim() && !t.price.trim() && t.quantity === '' && !t._id;

/**
 * The body of save-as-draft: a draft can be saved at any time, but what it stores must have its shape.
 * So parts that are complete are sent; empty ones are left out quietly, and ones begun but not complete
 * are left out and named in `omitted` (the form keeps them on screen, and keeps warning before leaving).
 */
export function toDraftInput(
  v: EventFormValues,
  kind: EventKind,
  currency: string,
  eventId?: string,
): DraftBody {
  const full = toEventInput(v, kind, currency);
  const omitted: string[] = [];
  const l = v.location;
  // The zone alone is not a place (a new event's starts as its organization's).
  const locationTouched =
    !!l.venueName.trim() || !!l.address.trim() || !!l.onlineUrl.trim() || l.latitude !== '';
  const locationOk = LocationInput.safeParse(full.location).success;
  if (locationTouched && !locationOk) omitted.push('the place');

  const sentOccurrences: number[] = [];
  full.occurrences.forEach((o, i) => {
    const row = v.occurrences[i] as OccurrenceValues;
    if (OccurrenceInput.safeParse(o).success) sentOccurrences.push(i);
    else if (!occurrenceEmpty(row)) omitted.push(`${kind === 'CLASS' ? 'session' : 'date'} ${i + 1}`);
  });
  const sentTickets: number[] = [];
  full.ticketTypes.forEach((t, i) => {
    const row = v.ticketTypes[i] as TicketValues;
    if (TicketTypeInput.safeParse(t).success) sentTickets.push(i);
    else if (!ticketEmpty(row)) omitted.push(`ticket ${i + 1}`);
  });
  const schedule = kind === 'CLASS' ? full.schedule : null;

  return {
    body: {
      ...(eventId ? { eventId } : {}),
      kind,
      organizationId: full.organizationId,
      title: full.title,
      description: full.description || null,
      categoryId: full.categoryId || null,
      subcategoryId: full.subcategoryId,
      tagIds: full.tagIds,
      images: full.images,
      classTypeId: full.classTypeId,
      location: locationTouched && locationOk ? full.location : null,
      visibility: full.visibility,
      attendeeNames: full.attendeeNames,
      occurrences: sentOccurrences.map((i) => full.occurrences[i] as OccurrenceInput),
      schedule,
      ticketTypes: sentTickets.map((i) => full.ticketTypes[i] as TicketTypeInput),
    },
    sentOccurrences,
    sentTickets,
    omitted,
  };
}

/** A server error path about a sent draft (`ticketTypes.0.price`) as the path of its row in the form. */
export function formPathOfDraftError(path: string, draft: DraftBody): string {
  const [head, index, ...rest] = path.split('.');
  const map =
    head === 'occurrences' ? draft.sentOccurrences : head === 'ticketTypes' ? draft.sentTickets : null;
  const formIndex = map?.[Number(index)];
  if (!map || formIndex === undefined) return path;
  return [head, String(formIndex), ...rest].join('.');
}

/** The time rules of the spec, with its exact messages, on the fields they are about. */
export function timeRuleErrors(
  v: EventFormValues,
  now: Date,
  publishedStarts: ReadonlyMap<string, string> = new Map(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  v.occurrences.forEach((o, i) => {
    const start = o.startsAt ? Date.parse(o.startsAt) : Number.NaN;
    const end = o.endsAt ? Date.parse(o.endsAt) : Number.NaN;
    // A date of a published event that is left as it was may lie in the past (it already happened).
    const unchanged = !!o._id && publishedStarts.get(o._id) === o.startsAt;
    if (Number.isNaN(start) || (!unchanged && start < now.getTime())) {
      errors[`occurrences.${i}.startsAt`] = MESSAGES.reselectStartTime;
    }
    if (Number.isNaN(end) || (!Number.isNaN(start) && end <= start)) {
      errors[`occurrences.${i}.endsAt`] = MESSAGES.reselectEndTime;
    }
  });
  return errors;
}

function ticketErrors(v: EventFormValues, currency: string, maxPerOrder: number | null) {
  const errors: Record<string, string> = {};
  v.ticketTypes.forEach((t, i) => {
    const price = ticketPrice(t, currency);
    if (!price.ok) errors[`ticketTypes.${i}.price`] = price.message;
    if (maxPerOrder != null && t.maxPerOrder !== '' && t.maxPerOrder > maxPerOrder) {
      errors[`ticketTypes.${i}.maxPerOrder`] =
        `This organization allows at most ${maxPerOrder} tickets per order`;
    }
  });
  return errors;
}

export interface ValidationContext {
  kind: EventKind;
  currency: string;
  maxPerOrder: number | null;
  now: Date;
  /** Start of each date of a published event by id, as stored: those may stay in the past. */
  publishedStarts?: ReadonlyMap<string, string>;
}

/** Everything publishing needs, checked before the call; errors keyed by field path. */
export function validateForPublish(v: EventFormValues, c: ValidationContext): Record<string, string> {
  const errors: Record<string, string> = {
    ...zodFieldErrors(EventInput, toEventInput(v, c.kind, c.currency)),
    ...ticketErrors(v, c.currency, c.maxPerOrder),
    ...timeRuleErrors(v, c.now, c.publishedStarts),
  };
  if (!v.location.timeZone) errors['location.timeZone'] = 'Choose the time zone';
  if (c.kind === 'CLASS' && !v.classTypeId) errors.classTypeId = 'Choose the class type';
  if (c.kind === 'MULTI' && v.occurrences.length < 2)
    errors.occurrences = 'A multi event has at least two dates';
  return errors;
}

/** A draft needs its organization and title; whatever else is complete is saved with it. */
export function validateForDraft(v: EventFormValues, c: ValidationContext): Record<string, string> {
  return zodFieldErrors(DraftInput, toDraftInput(v, c.kind, c.currency).body);
}

/** Checks one ticket row alone (used by the review step's summary). */
export const ticketRowValid = (t: TicketValues, currency: string) =>
  TicketTypeInput.safeParse(ticketBody(t, currency)).success;

/** The steps of the form, in order; every field path belongs to one. */
export const STEPS = ['Basics', 'Date and place', 'Tickets', 'Team', 'Review'] as const;
export const TEAM_STEP = STEPS.indexOf('Team');

export function stepOfPath(path: string): number {
  const head = path.split('.')[0] ?? '';
  if (['location', 'occurrences', 'schedule', 'classTypeId', 'visibility'].includes(head)) return 1;
  if (head === 'ticketTypes') return 2;
  if (head === 'team') return TEAM_STEP;
  return 0;
}

/** The first step holding one of these error paths, or null when there are none. */
export function firstStepWithError(paths: string[]): number | null {
  if (paths.length === 0) return null;
  return Math.min(...paths.map(stepOfPath));
}
