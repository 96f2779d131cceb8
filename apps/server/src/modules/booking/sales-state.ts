import type { PublicOccurrence, SalesState } from '@marquee/contract';
import type { EventTicketTypeRow, SaleView } from './queries/sale-view.js';

/** Whether a type's own sale window is open now. */
export function windowState(type: EventTicketTypeRow, now: Date): 'ON_SALE' | 'NOT_STARTED' | 'ENDED' {
  if (type.saleStartsAt && type.saleStartsAt > now) return 'NOT_STARTED';
  if (type.saleEndsAt && type.saleEndsAt <= now) return 'ENDED';
  return 'ON_SALE';
}

/** One buyable date: a real occurrence, or (a course) all sessions as one with `_id` null. */
export interface SaleDate {
  id: string | null;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  /** Seats left on the date's own cap (null: no cap). */
  dateLeft: number | null;
}

export function saleDates(view: SaleView): SaleDate[] {
  if (view.isCourse) {
    const first = view.occurrences[0];
    const last = view.occurrences.at(-1);
    if (!first || !last) return [];
    const ends = view.occurrences.reduce((max, o) => (o.endsAt > max ? o.endsAt : max), last.endsAt);
    return [{ id: null, startsAt: first.startsAt, endsAt: ends, cancelled: false, dateLeft: null }];
  }
  return view.occurrences.map((o) => {
    const soldOfTypes = view.inventory
      .filter((row) => row.occurrenceId === o.id)
      .reduce((sum, row) => sum + row.sold, 0);
    const sold = Math.max(o.sold, soldOfTypes);
    return {
      id: o.id,
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      cancelled: o.status === 'CANCELLED',
      dateLeft: o.capacity === null ? null : Math.max(o.capacity - sold, 0),
    };
  });
}

/** Seats left of one type on one date (holds count as taken), within the date's own cap. */
export function remainingOf(view: SaleView, date: SaleDate, typeId: string): number {
  const row = view.inventory.find((r) => r.ticketTypeId === typeId && r.occurrenceId === date.id);
  const left = row ? Math.max(row.capacity - row.sold, 0) : 0;
  return date.dateLeft === null ? left : Math.min(left, date.dateLeft);
}

/** Why a date cannot be bought now, or ON_SALE (docs/selling.md, "Sales state"). */
export function dateState(view: SaleView, date: SaleDate, now: Date): SalesState {
  if (view.event.status === 'CANCELLED' || date.cancelled) return 'CANCELLED';
  if (view.event.status !== 'PUBLISHED' || view.event.isBlocked || view.event.isArchived) return 'ENDED';
  if (date.startsAt <= now) return 'ENDED';
  if (view.ticketTypes.length === 0) return 'UNAVAILABLE';
  const open = view.ticketTypes.filter((type) => windowState(type, now) === 'ON_SALE');
  if (open.length === 0) {
    return view.ticketTypes.some((type) => windowState(type, now) === 'NOT_STARTED')
      ? 'NOT_STARTED'
      : 'ENDED';
  }
  if (open.every((type) => remainingOf(view, date, type.id) === 0)) return 'SOLD_OUT';
  return 'ON_SALE';
}

export function publicOccurrences(view: SaleView, now: Date): PublicOccurrence[] {
  return saleDates(view).map((date) => ({
    _id: date.id,
    startsAt: date.startsAt.toISOString(),
    endsAt: date.endsAt.toISOString(),
    salesState: dateState(view, date, now),
    remaining: Object.fromEntries(
      view.ticketTypes.map((type) => [type.id, remainingOf(view, date, type.id)]),
    ),
  }));
}

/** The event's state: on sale when any date is; otherwise the most telling reason. */
export function eventState(view: SaleView, dates: { salesState: SalesState }[]): SalesState {
  if (view.event.status === 'CANCELLED') return 'CANCELLED';
  const states = new Set(dates.map((d) => d.salesState));
  for (const state of ['ON_SALE', 'SOLD_OUT', 'NOT_STARTED', 'ENDED', 'CANCELLED'] as const) {
    if (states.has(state)) return state;
  }
  return 'UNAVAILABLE';
}
