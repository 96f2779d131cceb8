import { z } from 'zod';
import { PublicEvent } from './booking.js';
import { ORGANIZER_PATH } from './event-basics.js';
import { defineRoute, envelope, type RouteDef } from './route.js';

/**
 * Sharing an event (docs/events.md, "Sharing an event"): its public page `/e/<slug>`, a QR code of that
 * link for posters, and a preview of a draft as buyers will see it.
 */

/**
 * A call whose answer is a file rather than the JSON envelope (registered by hand on the server, with
 * this declaration's access, query and content types). Not a `RouteDef`: no `response` schema. Unlike
 * the buyer's files (`defineFileRoute`, opened by a booking's token), it is swept among the
 * hand-registered routes.
 */
export type HandFileRouteDef = Omit<RouteDef, 'response' | 'body'> & {
  /** The content types the answer may have. */
  produces: readonly string[];
};

export const QrFormat = z.enum(['png', 'svg']);
export type QrFormat = z.infer<typeof QrFormat>;

export const QR_CONTENT_TYPES: Record<QrFormat, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** The public link a QR code holds, and what the console says when an event has none yet. */
export const SHARE_MESSAGES = {
  noLink: 'The event has no public link yet: it gets one when it is published',
  copied: 'Link copied',
  previewBanner: 'Preview — not published',
} as const;

export const EventQrQuery = z.object({
  eventId: z.uuid({ error: 'Choose an event' }),
  format: QrFormat.default('png'),
  /** PNG width in pixels (posters want a big one); the SVG scales by itself. */
  size: z.coerce.number().int().min(128).max(2048).default(1024),
  /** `1`: sent as an attachment (a download) rather than shown. */
  download: z.enum(['0', '1']).default('0'),
});
export type EventQrQuery = z.input<typeof EventQrQuery>;

/**
 * GET the QR code of an event's public link `PUBLIC_URL/e/<slug>` as PNG or SVG. Anyone who may see the
 * event (404 otherwise); 409 while the event has no link (a draft never published).
 */
export const eventQrCode = {
  method: 'GET',
  path: `${ORGANIZER_PATH}/event/event-qr-code`,
  summary: "The QR code of an event's public link, PNG or SVG (a file, not the JSON envelope)",
  tag: 'Events',
  access: { event: 'read', from: 'query.eventId' },
  query: EventQrQuery,
  produces: [QR_CONTENT_TYPES.png, QR_CONTENT_TYPES.svg],
} as const satisfies HandFileRouteDef;

/**
 * The event as buyers would see it on its public page, whatever its status (a draft before it is
 * published): only for those who may change it (404 to anyone else). Nothing can be bought from it.
 */
export const previewEvent = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/event/preview-event`,
  summary: 'An event as buyers will see it (a draft too), for its organizers only',
  tag: 'Events',
  access: { event: 'manage', from: 'query.eventId' },
  query: z.object({ eventId: z.uuid({ error: 'Choose an event' }) }),
  response: envelope(PublicEvent),
});
