import { z } from 'zod';
import { TicketStatus } from './booking.js';
import { emptySelectionMessage } from './common.js';
import { EventKind, ORGANIZER_PATH } from './event-basics.js';
import { instantInput } from './limits.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * Door check-in (docs/check-in.md). Every call names the event being checked in and declares
 * `event: 'scan'`: owners, administrators, the event's organizers and its scanners; anyone else 404.
 * Admission is decided inside PostgreSQL (one statement per scan): a ticket is admitted at most once per
 * date, whatever the number of devices and retries. A scan carries a client nonce: sending it again
 * answers the first outcome (`replayed: true`) and changes nothing.
 */

/** What a scan decided. Only `ADMITTED` lets the person in. */
export const ScanResult = z.enum([
  'ADMITTED',
  'ALREADY_SCANNED',
  'REFUNDED',
  'CANCELLED',
  'WRONG_EVENT',
  'WRONG_DATE',
  'NOT_FOUND',
]);
export type ScanResult = z.infer<typeof ScanResult>;

/** A line of the scan history: a scan's result, or a manual mark by an organizer. */
export const ScanHistoryResult = z.enum([...ScanResult.options, 'MARKED_SCANNED', 'MARKED_NOT_SCANNED']);
export type ScanHistoryResult = z.infer<typeof ScanHistoryResult>;

/** How it reached the server: scanned online, synced from a device's offline queue, or marked by hand. */
export const ScanSource = z.enum(['ONLINE', 'OFFLINE', 'MANUAL']);
export type ScanSource = z.infer<typeof ScanSource>;

/** Words for every result, short enough for a banner read from a metre away. */
export const SCAN_RESULT_LABELS: Record<ScanHistoryResult, string> = {
  ADMITTED: 'Admitted',
  ALREADY_SCANNED: 'Already scanned',
  REFUNDED: 'Refunded ticket',
  CANCELLED: 'Cancelled ticket',
  WRONG_EVENT: 'Ticket for another event',
  WRONG_DATE: 'Ticket for another date',
  NOT_FOUND: 'Ticket not found',
  MARKED_SCANNED: 'Marked scanned',
  MARKED_NOT_SCANNED: 'Marked not scanned',
};

export const SCAN_SOURCE_LABELS: Record<ScanSource, string> = {
  ONLINE: 'Online',
  OFFLINE: 'Synced from offline',
  MANUAL: 'Manual',
};

const EventId = z.uuid({ error: 'Choose an event' });
const OccurrenceId = z.uuid({ error: 'Choose a date' });
/** A device's own id (generated once per browser and kept), shown in the history. */
export const DeviceId = z
  .string({ error: 'Name the device' })
  .trim()
  .min(1, 'Name the device')
  .max(100, 'The device id is too long');
/** The QR payload, or what a person typed from a ticket. */
export const TicketCode = z
  .string({ error: 'Enter a ticket code' })
  .trim()
  .min(1, 'Enter a ticket code')
  .max(200, 'That is not a ticket code');
const Nonce = z.uuid({ error: 'Each scan needs its own id (a UUID)' });

/** The ticket a scan found (absent for NOT_FOUND and WRONG_EVENT: nothing of another event is shown). */
export const ScannedTicket = z.object({
  _id: z.uuid(),
  attendeeName: z.string().nullable(),
  buyerName: z.string(),
  ticketTypeName: z.string(),
  bookingCode: z.string(),
  status: TicketStatus,
  /** The ticket's own date; null for a course ticket (every session). */
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
});
export type ScannedTicket = z.infer<typeof ScannedTicket>;

/** The admission an ALREADY_SCANNED collided with. */
export const PreviousAdmission = z.object({
  at: z.string(),
  by: z.string().nullable(),
  deviceId: z.string().nullable(),
  source: ScanSource,
});
export type PreviousAdmission = z.infer<typeof PreviousAdmission>;

export const ScanOutcome = z.object({
  /** The history line of this scan. */
  scanId: z.uuid(),
  nonce: z.uuid(),
  result: ScanResult,
  /** One sentence for the scanner ("Admitted: Ada Lovelace, General admission."). */
  message: z.string(),
  ticket: ScannedTicket.nullable(),
  previous: PreviousAdmission.nullable(),
  /** When the scan happened at the door (a synced offline scan keeps its own time). */
  scannedAt: z.string(),
  /** This nonce was seen before: this is the first outcome again, nothing changed. */
  replayed: z.boolean(),
  /** An offline scan the device admitted, but someone had been admitted on this ticket already. */
  conflict: z.boolean(),
});
export type ScanOutcome = z.infer<typeof ScanOutcome>;

export const scanTicket = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/scan-ticket`,
  summary: 'Scan a ticket at the door: admit it once, or say why not (beyond the spec)',
  tag: 'Check-in',
  access: { event: 'scan', from: 'body.eventId' },
  body: z.object({
    eventId: EventId,
    occurrenceId: OccurrenceId,
    code: TicketCode,
    deviceId: DeviceId,
    nonce: Nonce,
  }),
  response: envelope(ScanOutcome),
});

/** At most this many queued scans per sync call; a device with more sends several. */
export const OFFLINE_SYNC_BATCH = 200;

export const OfflineScan = z.object({
  nonce: Nonce,
  code: TicketCode,
  occurrenceId: OccurrenceId,
  /** When it was scanned on the device (ISO); kept as the scan's time. */
  scannedAt: instantInput('Give the scan time as an ISO date-time'),
  /** What the device decided from its offline list. */
  localResult: ScanResult,
});
export type OfflineScan = z.infer<typeof OfflineScan>;

export const syncOfflineScans = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/sync-offline-scans`,
  summary: "A device's queued offline scans, decided by the server in order; nonces make it safe to repeat",
  tag: 'Check-in',
  access: { event: 'scan', from: 'body.eventId' },
  body: z.object({
    eventId: EventId,
    deviceId: DeviceId,
    scans: z
      .array(OfflineScan)
      .min(1, 'Nothing to sync')
      .max(OFFLINE_SYNC_BATCH, `Send at most ${OFFLINE_SYNC_BATCH} scans at a time`),
  }),
  response: envelope(
    z.object({
      outcomes: z.array(ScanOutcome),
      /** How many of them were admissions the device had made that the server refused (see `conflict`). */
      conflicts: z.number().int().nonnegative(),
    }),
  ),
});

export const markScannedUnscannedTickets = defineRoute({
  method: 'POST',
  path: `${ORGANIZER_PATH}/mark-scanned-unscanned-tickets`,
  summary: 'Mark chosen tickets scanned or not scanned by hand, for one date; recorded as manual',
  tag: 'Check-in',
  access: { event: 'scan', from: 'body.eventId' },
  body: z
    .object({
      eventId: EventId,
      occurrenceId: OccurrenceId,
      scanned: z.boolean({ error: 'Say whether to mark them scanned or not scanned' }),
      ticketIds: z.array(z.uuid({ error: 'A chosen ticket is not a ticket id' })).max(500),
      deviceId: DeviceId.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.ticketIds.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['ticketIds'],
          message: emptySelectionMessage(body.scanned ? 'mark scanned' : 'mark not scanned'),
        });
    }),
  response: envelope(
    z.object({
      /** Tickets whose state changed. */
      changed: z.number().int().nonnegative(),
      /** Already in the asked state. */
      unchanged: z.number().int().nonnegative(),
      /** Not marked, and why (refunded, cancelled, another date). */
      refused: z.array(z.object({ ticketId: z.uuid(), result: ScanResult, message: z.string() })),
    }),
  ),
});

// ---------- The screen's reads ----------

export const CheckInOccurrence = z.object({
  _id: z.uuid(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
});

export const CheckInEvent = z.object({
  _id: z.uuid(),
  title: z.string(),
  kind: EventKind,
  timeZone: z.string(),
  status: z.string(),
  organization: z.object({ _id: z.uuid(), name: z.string() }),
  /** What the caller is to it: only OWNER, ADMIN and EVENT_ORGANIZER may read its orders. */
  role: z.enum(['OWNER', 'ADMIN', 'EVENT_ORGANIZER', 'SCANNER']),
  occurrences: z.array(CheckInOccurrence),
  /** The date to open first: today's (in the event's zone), else the next, else the last. */
  defaultOccurrenceId: z.uuid().nullable(),
});
export type CheckInEvent = z.infer<typeof CheckInEvent>;

export const checkInEventList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/check-in-event-list`,
  summary: 'Events the caller may check in (not drafts): today and upcoming first, then recent',
  tag: 'Check-in',
  access: 'console',
  query: z.object({
    search: z.string().trim().max(200).optional(),
    /** `past`: also events that ended more than a day ago. */
    include: z.enum(['current', 'past']).default('current'),
  }),
  response: envelope(z.array(CheckInEvent)),
});

export const TicketTypeCount = z.object({
  ticketTypeId: z.uuid(),
  name: z.string(),
  checkedIn: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
});

/** Checked in / sold for one date: VALID tickets of the date (and course tickets) and their admissions. */
export const CheckInCounts = z.object({
  eventId: z.uuid(),
  occurrenceId: z.uuid(),
  checkedIn: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  byTicketType: z.array(TicketTypeCount),
  /** When these figures were read (ISO). */
  at: z.string(),
});
export type CheckInCounts = z.infer<typeof CheckInCounts>;

export const checkInCounts = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/check-in-counts`,
  summary: 'Checked in and sold for one date, per ticket type',
  tag: 'Check-in',
  access: { event: 'scan', from: 'query.eventId' },
  query: z.object({ eventId: EventId, occurrenceId: OccurrenceId }),
  response: envelope(CheckInCounts),
});

export const CheckInAttendee = z.object({
  ticketId: z.uuid(),
  attendeeName: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  bookingCode: z.string(),
  ticketTypeId: z.uuid(),
  ticketTypeName: z.string(),
  status: TicketStatus,
  /** Admitted for this date: when, by whom. */
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
});
export type CheckInAttendee = z.infer<typeof CheckInAttendee>;

export const checkInAttendeeList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/check-in-attendee-list`,
  summary:
    "One date's tickets for the door: search by name, email or order code; filter by check-in and type",
  tag: 'Check-in',
  access: { event: 'scan', from: 'query.eventId' },
  query: z.object({
    ...pageQuery.pick({ page: true, limit: true, search: true }).shape,
    eventId: EventId,
    occurrenceId: OccurrenceId,
    checkedIn: z.enum(['true', 'false']).optional(),
    ticketTypeId: z.uuid().optional(),
    /** Refunded and cancelled tickets are listed too when asked (the door may need to explain). */
    status: TicketStatus.optional(),
  }),
  response: envelope(pageOf(CheckInAttendee)),
});

/** One ticket of a date as a device keeps it offline: the code only as its SHA-256 (hex). */
export const OfflineTicket = z.object({
  codeHash: z.string(),
  ticketId: z.uuid(),
  status: TicketStatus,
  attendeeName: z.string().nullable(),
  buyerName: z.string(),
  ticketTypeName: z.string(),
  bookingCode: z.string(),
  /** The ticket's own date (null: a course ticket, good for every session). */
  occurrenceId: z.uuid().nullable(),
  /** Already admitted for this date when the list was read. */
  admittedAt: z.string().nullable(),
  /** When the ticket's own date starts, so an offline refusal can say which date it is for. */
  occurrenceStartsAt: z.string().nullable(),
  /** This date's admission (when, who, which device, how), to say "already scanned … by …" offline. */
  admission: PreviousAdmission.nullable(),
});
export type OfflineTicket = z.infer<typeof OfflineTicket>;

export const checkInOfflineList = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/check-in-offline-list`,
  summary: "Every ticket of the event as hashes and states, for a device's offline check-in of one date",
  tag: 'Check-in',
  access: { event: 'scan', from: 'query.eventId' },
  query: z.object({ eventId: EventId, occurrenceId: OccurrenceId }),
  response: envelope(
    z.object({
      eventId: z.uuid(),
      occurrenceId: z.uuid(),
      generatedAt: z.string(),
      tickets: z.array(OfflineTicket),
    }),
  ),
});

// ---------- History ----------

export const ScanHistoryFilters = z.object({
  ...pageQuery.pick({ page: true, search: true }).shape,
  limit: z.coerce.number().int().min(1).max(100).default(25),
  eventId: EventId,
  occurrenceId: z.uuid().optional(),
  result: ScanHistoryResult.optional(),
  source: ScanSource.optional(),
  /** The person who scanned or marked. */
  scannerId: z.uuid().optional(),
  conflict: z.enum(['true', 'false']).optional(),
  /** Scan time window (ISO date-times). */
  from: instantInput('Give a date and time').optional(),
  to: instantInput('Give a date and time').optional(),
  sort: z.enum(['scannedAt', '-scannedAt']).default('-scannedAt'),
});
export type ScanHistoryFilters = z.input<typeof ScanHistoryFilters>;

export const ScanHistoryItem = z.object({
  _id: z.uuid(),
  scannedAt: z.string(),
  receivedAt: z.string(),
  result: ScanHistoryResult,
  source: ScanSource,
  conflict: z.boolean(),
  occurrence: z.object({ _id: z.uuid(), startsAt: z.string() }).nullable(),
  ticket: z
    .object({
      _id: z.uuid(),
      attendeeName: z.string().nullable(),
      buyerName: z.string(),
      ticketTypeName: z.string(),
      bookingCode: z.string(),
    })
    .nullable(),
  /** The end of the code that was scanned (unknown codes are never stored whole). */
  codeTail: z.string().nullable(),
  scanner: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  deviceId: z.string().nullable(),
});
export type ScanHistoryItem = z.infer<typeof ScanHistoryItem>;

export const getScanHistory = defineRoute({
  method: 'GET',
  path: `${ORGANIZER_PATH}/get-scan-history`,
  summary: "An event's scans and manual marks, newest first, with filters and search",
  tag: 'Check-in',
  access: { event: 'scan', from: 'query.eventId' },
  query: ScanHistoryFilters,
  response: envelope(
    pageOf(ScanHistoryItem).extend({
      /** People who scanned this event, for the scanner filter. */
      scanners: z.array(z.object({ _id: z.uuid(), name: z.string() })),
      timeZone: z.string(),
    }),
  ),
});

/**
 * The history as a file (same filters, no paging), streamed like the order exports: the answer is the
 * file, `x-total-rows` says how many rows follow.
 */
export const SCAN_HISTORY_EXPORT_PATH = `${ORGANIZER_PATH}/export-scan-history`;
export const ScanHistoryExportQuery = ScanHistoryFilters.omit({ page: true, limit: true }).extend({
  format: z.enum(['csv', 'xlsx']),
});
export type ScanHistoryExportQuery = z.input<typeof ScanHistoryExportQuery>;

// ---------- Live ----------

/**
 * Server-sent events of one event's check-in, for every open check-in screen (all API processes, through
 * Redis when REDIS_URL is set). Authenticated like every call (headers), so the console reads it with
 * fetch. Query: `eventId`, `occurrenceId`. Each message is one `CheckInLiveMessage` as JSON.
 */
export const CHECK_IN_LIVE_PATH = `${ORGANIZER_PATH}/check-in-live`;
export const CheckInLiveQuery = z.object({ eventId: EventId, occurrenceId: OccurrenceId });

export const CheckInLiveMessage = z.discriminatedUnion('type', [
  /** The figures of the date; sent on connect and after scans change them (at most ~3 a second). */
  z.object({ type: z.literal('counts'), counts: CheckInCounts }),
  /** Tickets of the date changed state (scans, manual marks): lists showing them should reload. */
  z.object({
    type: z.literal('tickets-changed'),
    occurrenceId: z.uuid(),
    ticketIds: z.array(z.uuid()),
  }),
  /** Two devices let the same ticket in while offline: shown on every screen of the event. */
  z.object({
    type: z.literal('conflict'),
    occurrenceId: z.uuid(),
    scanId: z.uuid(),
    ticket: ScannedTicket.nullable(),
    deviceId: z.string().nullable(),
    scannedAt: z.string(),
    previous: PreviousAdmission.nullable(),
  }),
]);
export type CheckInLiveMessage = z.infer<typeof CheckInLiveMessage>;
