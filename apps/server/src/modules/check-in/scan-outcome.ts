import type { ScanOutcome } from '@marquee/contract';
import { conflict } from '../../lib/errors.js';
import type { OutcomeRow, ScanInput } from './repo/scans.js';
import { scanMessage } from './scan-message.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** An offline scan's time as the device gave it, but never in the future (a device clock running fast). */
export function doorTime(given: string, now: Date): Date {
  const at = new Date(given);
  return at.getTime() > now.getTime() ? now : at;
}

/** A nonce reused by another person or event is refused, so nobody reads another scanner's outcome by guessing. */
export function checkReplay(row: OutcomeRow, input: ScanInput) {
  if (row.replayed && (row.scanned_by !== input.actorId || row.event_id !== input.eventId))
    throw conflict('This scan id was already used. Scan again.');
}

export function toOutcome(row: OutcomeRow, zone: string): ScanOutcome {
  const ticket =
    row.ticket_id && row.ticket_status
      ? {
          _id: row.ticket_id,
          attendeeName: row.attendee_name,
          buyerName: row.buyer_name ?? '',
          ticketTypeName: row.ticket_type_name ?? '',
          bookingCode: row.booking_code ?? '',
          status: row.ticket_status,
          occurrence:
            row.ticket_occurrence_id && row.ticket_occurrence_starts_at
              ? { _id: row.ticket_occurrence_id, startsAt: iso(row.ticket_occurrence_starts_at) }
              : null,
        }
      : null;
  const previous = row.previous_at
    ? {
        at: iso(row.previous_at),
        by: row.previous_by,
        deviceId: row.previous_device,
        source: row.previous_source ?? 'ONLINE',
      }
    : null;
  return {
    scanId: row.scan_id,
    nonce: row.nonce,
    result: row.result,
    message: scanMessage(row.result, ticket, previous, zone),
    ticket,
    previous,
    scannedAt: iso(row.scanned_at),
    replayed: row.replayed,
    conflict: row.conflict,
  };
}
