import {
  type OfflineTicket,
  type PreviousAdmission,
  SCAN_RESULT_LABELS,
  type ScannedTicket,
  type ScanOutcome,
  type ScanResult,
} from '@marquee/contract';

/**
 * The door's decision with no network, made from the date's ticket list kept on the device and the
 * device's own admissions. It follows the server's order (`checkin_scan` in
 * apps/server/drizzle/0014_checkin_scan_function.sql) so the two agree whenever the list is current;
 * when they do not (another device admitted the ticket meanwhile), the sync reports a conflict.
 */

/** An admission this device made of one ticket on one date, offline or online. */
export interface LocalAdmission {
  eventId: string;
  occurrenceId: string;
  ticketId: string;
  nonce: string;
  at: string;
  deviceId: string;
  source: 'ONLINE' | 'OFFLINE';
  /** When the server knew of it: at once for an online scan, at sync for an offline one. */
  syncedAt: string | null;
}

export interface LocalDecision {
  result: ScanResult;
  ticket: OfflineTicket | null;
  previous: PreviousAdmission | null;
}

export function decideOffline({
  ticket,
  occurrenceId,
  ownAdmission,
}: {
  ticket: OfflineTicket | undefined;
  occurrenceId: string;
  ownAdmission: LocalAdmission | undefined;
}): LocalDecision {
  // A code of another event is not on this event's list either: offline it can only be "not found".
  if (!ticket) return { result: 'NOT_FOUND', ticket: null, previous: null };
  const refuse = (result: ScanResult): LocalDecision => ({ result, ticket, previous: null });
  if (ticket.status === 'REFUNDED') return refuse('REFUNDED');
  if (ticket.status === 'CANCELLED') return refuse('CANCELLED');
  // A course ticket (no date of its own) is good for every session.
  if (ticket.occurrenceId !== null && ticket.occurrenceId !== occurrenceId) return refuse('WRONG_DATE');
  const previous = previousAdmission(ticket, ownAdmission);
  if (previous) return { result: 'ALREADY_SCANNED', ticket, previous };
  return { result: 'ADMITTED', ticket, previous: null };
}

/** The admission the list knew of when it was read, else the device's own (the list's came first). */
function previousAdmission(ticket: OfflineTicket, own: LocalAdmission | undefined): PreviousAdmission | null {
  if (ticket.admittedAt) {
    // A server that does not send who admitted it: the time alone is still worth saying.
    return ticket.admission ?? { at: ticket.admittedAt, by: null, deviceId: null, source: 'ONLINE' };
  }
  if (own) return { at: own.at, by: null, deviceId: own.deviceId, source: own.source };
  return null;
}

function scannedTicketOf(ticket: OfflineTicket): ScannedTicket {
  return {
    _id: ticket.ticketId,
    attendeeName: ticket.attendeeName,
    buyerName: ticket.buyerName,
    ticketTypeName: ticket.ticketTypeName,
    bookingCode: ticket.bookingCode,
    status: ticket.status,
    occurrence: ticket.occurrenceId
      ? // An empty start is shown as no date: an older server's list does not carry it.
        { _id: ticket.occurrenceId, startsAt: ticket.occurrenceStartsAt ?? '' }
      : null,
  };
}

function offlineMessage(result: ScanResult, ticket: OfflineTicket | null): string {
  if (!ticket) return 'Ticket not found on this event’s list.';
  return `${SCAN_RESULT_LABELS[result]}: ${ticket.attendeeName ?? ticket.buyerName}, ${ticket.ticketTypeName}.`;
}

/**
 * The decision as the screen shows any scan: the client-made scan id is the nonce, which is also the
 * id the server keeps it under once synced.
 */
export function offlineOutcome(
  decision: LocalDecision,
  scan: { nonce: string; scannedAt: string },
): ScanOutcome {
  return {
    scanId: scan.nonce,
    nonce: scan.nonce,
    result: decision.result,
    message: offlineMessage(decision.result, decision.ticket),
    ticket: decision.ticket ? scannedTicketOf(decision.ticket) : null,
    previous: decision.previous,
    scannedAt: scan.scannedAt,
    replayed: false,
    conflict: false,
  };
}

/** SubtleCrypto exists only on HTTPS pages (and localhost), as do service workers. */
export function canHashOffline(): boolean {
  return typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

/** SHA-256 of the code as lowercase hex: how the offline list carries codes (`codeHash`). */
export async function hashTicketCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
