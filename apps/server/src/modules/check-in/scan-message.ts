import type { PreviousAdmission, ScannedTicket, ScanResult } from '@marquee/contract';
import { formatDate, formatTime } from '@marquee/time';

function who(ticket: ScannedTicket | null): string {
  if (!ticket) return '';
  const name = ticket.attendeeName ?? ticket.buyerName;
  return `${name}, ${ticket.ticketTypeName} (order ${ticket.bookingCode})`;
}

/**
 * The sentence a scanner reads at the door, in the event's time zone. A refusal says why and what to do,
 * so a queue keeps moving.
 */
export function scanMessage(
  result: ScanResult,
  ticket: ScannedTicket | null,
  previous: PreviousAdmission | null,
  zone: string,
): string {
  switch (result) {
    case 'ADMITTED':
      return `Admitted: ${who(ticket)}.`;
    case 'ALREADY_SCANNED': {
      if (!previous) return `Already scanned: ${who(ticket)}.`;
      const by = previous.by ? ` by ${previous.by}` : '';
      const device = previous.deviceId ? ` on ${previous.deviceId}` : '';
      return `Already scanned at ${formatTime(previous.at, zone)} on ${formatDate(previous.at, zone)}${by}${device}: ${who(ticket)}.`;
    }
    case 'REFUNDED':
      return `This ticket was refunded and is no longer valid: ${who(ticket)}.`;
    case 'CANCELLED':
      return `This ticket was cancelled and is no longer valid: ${who(ticket)}.`;
    case 'WRONG_EVENT':
      return 'This ticket is for another event.';
    case 'WRONG_DATE': {
      const date = ticket?.occurrence
        ? ` It is for ${formatDate(ticket.occurrence.startsAt, zone)} at ${formatTime(ticket.occurrence.startsAt, zone)}.`
        : '';
      return `This ticket is for another date.${date} ${who(ticket)}.`;
    }
    case 'NOT_FOUND':
      return 'No ticket has this code. Check the code, or search the attendee list.';
  }
}
