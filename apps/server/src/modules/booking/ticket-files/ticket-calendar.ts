import { TZDate } from '@date-fns/tz';
import { formatInZone, zoneOffsetMinutes } from '@marquee/time';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { TicketDocument } from '../queries/ticket-document.js';
import { placeOf } from './place.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** `+0100`, `-0430`: an offset as RFC 5545 writes it. */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** The first instant after `from` (and not after `to`) whose offset differs from `from`'s. */
function transitionBetween(zone: string, from: number, to: number): number {
  const before = zoneOffsetMinutes(zone, new Date(from));
  let low = from;
  let high = to;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (zoneOffsetMinutes(zone, new Date(middle)) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The zone's VTIMEZONE for the years `years` covers, from the runtime's zone data: one observance per
 * offset change in those years (found day by day, then to the minute), each with its local onset and
 * offsets, plus the offset in force when the first year begins. Explicit dates rather than RRULEs:
 * valid for these dates whatever the zone's rules do later.
 */
export function vtimezone(zone: string, years: { first: number; last: number }): string {
  const start = Date.UTC(years.first, 0, 1);
  const end = Date.UTC(years.last + 1, 0, 1);
  const offsets = new Set<number>();
  const observances: { at: number; from: number; to: number }[] = [];
  const initial = zoneOffsetMinutes(zone, new Date(start));
  observances.push({ at: start, from: initial, to: initial });
  offsets.add(initial);
  let previous = initial;
  for (let day = start + DAY; day <= end; day += DAY) {
    const offset = zoneOffsetMinutes(zone, new Date(day));
    if (offset === previous) continue;
    observances.push({ at: transitionBetween(zone, day - DAY, day), from: previous, to: offset });
    offsets.add(offset);
    previous = offset;
  }
  const standard = Math.min(...offsets);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  for (const o of observances) {
    const kind = o.to > standard ? 'DAYLIGHT' : 'STANDARD';
    // The onset as the clock read it just before the change (RFC 5545 3.6.5: local time, TZOFFSETFROM).
    const local = new Date(o.at + o.from * MINUTE);
    const onset = local.toISOString().replace(/[-:]/g, '').slice(0, 15);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${onset}`,
      `TZOFFSETFROM:${icsOffset(o.from)}`,
      `TZOFFSETTO:${icsOffset(o.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/**
 * The order's calendar file (RFC 5545): one VEVENT per date, its times in the event's zone (TZID, with
 * the zone's VTIMEZONE), the place (and a map or the online link), the organizer, the order code and the
 * ticket page. UIDs are stable per order and date, so importing the file again updates, not duplicates.
 */
export function ticketsCalendar(doc: TicketDocument, ticketPage: string | null, host: string): string {
  const zone = doc.event.timeZone;
  const years = doc.dates.map((d) => Number(formatInZone(d.startsAt, 'yyyy', zone)));
  const lastYears = doc.dates.map((d) => Number(formatInZone(d.endsAt, 'yyyy', zone)));
  const calendar = ical({
    prodId: { company: 'Marquee', product: 'Tickets', language: 'EN' },
    name: doc.event.title,
    method: ICalCalendarMethod.PUBLISH,
    timezone: {
      name: null,
      generator: (name) =>
        vtimezone(name, { first: Math.min(...years), last: Math.max(...lastYears, ...years) }),
    },
  });
  const place = placeOf(doc.event);
  const description = [
    `Order ${doc.code} · ${doc.tickets.length} ticket${doc.tickets.length === 1 ? '' : 's'}`,
    doc.organization.name ? `Organized by ${doc.organization.name}` : '',
    place.kind === 'online' && place.url ? `Join online: ${place.url}` : '',
    place.kind === 'map' && place.url ? `Map: ${place.url}` : '',
    ticketPage ? `Your tickets: ${ticketPage}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  doc.dates.forEach((date, index) => {
    calendar.createEvent({
      id: `${doc.bookingId}-${index + 1}@${host}`,
      start: new TZDate(date.startsAt.getTime(), zone),
      end: new TZDate(date.endsAt.getTime(), zone),
      timezone: zone,
      stamp: new Date(),
      summary: doc.event.title,
      description,
      location: place.kind === 'online' ? (place.url ?? 'Online') : place.label,
      url: place.kind === 'online' ? place.url : ticketPage,
      ...(doc.organization.contactEmail
        ? { organizer: { name: doc.organization.name || 'Organizer', email: doc.organization.contactEmail } }
        : {}),
    });
  });
  return calendar.toString();
}
