import { WAITING_LIST_STATUS_LABELS, type WaitingListEntry } from '@marquee/contract';
import { formatCompactDateTime } from '../../../lib/dates';

export const STATUS_COLORS: Record<WaitingListEntry['status'], string> = {
  WAITING: 'blue',
  OFFERED: 'orange',
  ACCEPTED: 'green',
  EXPIRED: 'gray',
  REMOVED: 'red',
  LEFT: 'gray',
};

/** "Offered until Nov 22, 2026 - 10:00 AM" for an open offer; the status' label otherwise. */
export function statusText(entry: Pick<WaitingListEntry, 'status' | 'offerExpiresAt'>, zone: string): string {
  if (entry.status === 'OFFERED' && entry.offerExpiresAt) {
    return `Offered until ${formatCompactDateTime(entry.offerExpiresAt, zone)}`;
  }
  return WAITING_LIST_STATUS_LABELS[entry.status];
}
