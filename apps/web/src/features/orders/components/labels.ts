import { formatCompactDateTime, zoneLabel } from '@marquee/time';

export const BOOKING_STATUS_LABELS: Record<string, string> = {
  HELD: 'Awaiting payment',
  CONFIRMED: 'Confirmed',
  EXPIRED: 'Expired',
  FAILED: 'Payment failed',
  CANCELLED: 'Cancelled',
};
export const BOOKING_STATUS_COLORS: Record<string, string> = {
  HELD: 'yellow',
  CONFIRMED: 'teal',
  EXPIRED: 'gray',
  FAILED: 'red',
  CANCELLED: 'red',
};
export const TICKET_STATUS_LABELS: Record<string, string> = {
  VALID: 'Valid',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
};
export const TICKET_STATUS_COLORS: Record<string, string> = {
  VALID: 'teal',
  CANCELLED: 'red',
  REFUNDED: 'grape',
};
export const LEDGER_ACCOUNT_LABELS: Record<string, string> = {
  BUYER_PAYMENTS: 'Buyer payments',
  PLATFORM_FEES: 'Platform fees',
  ORGANIZER_PAYABLE: 'Organizer payable',
};

function safeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    zoneLabel(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A moment on the event's wall clock, e.g. `4/Mar/26-07:05 PM`; the zone is named by {@link zoneOf}. */
export const inEventZone = (at: string, zone: string | null | undefined) =>
  formatCompactDateTime(at, safeZone(zone));
/** `Asia/Tokyo (GMT+9)`: said once beside the times shown in it. */
export const zoneOf = (zone: string | null | undefined, at?: string) =>
  zoneLabel(safeZone(zone), at ? new Date(at) : undefined);
