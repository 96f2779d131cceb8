import type { TicketDocument } from '../queries/ticket-document.js';

/** Where the event happens, as the buyer's files say it. */
export interface Place {
  /** `Harbour Hall, 1 Quay Street, Dublin`, or `Online`. */
  label: string;
  /** A map search for a venue, the event's link for an online event; null when there is neither. */
  url: string | null;
  /** What the link is: a map or the online event. */
  kind: 'map' | 'online' | null;
}

/** A map search of the venue: its coordinates when known, else its name and address. */
export function mapUrl(event: TicketDocument['event']): string | null {
  const query =
    event.latitude !== null && event.longitude !== null
      ? `${event.latitude},${event.longitude}`
      : [event.venueName, event.address].filter(Boolean).join(', ');
  if (!query) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function placeOf(event: TicketDocument['event']): Place {
  if (event.locationType === 'ONLINE')
    return { label: 'Online', url: event.onlineUrl, kind: event.onlineUrl ? 'online' : null };
  const label = [event.venueName, event.address].filter(Boolean).join(', ');
  const url = mapUrl(event);
  return { label: label || 'Venue to be announced', url, kind: url ? 'map' : null };
}
