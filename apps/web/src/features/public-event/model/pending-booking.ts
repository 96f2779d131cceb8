/**
 * The booking a browser left to pay for. The payment page returns to `/e/<slug>/return` without saying
 * which booking it was, so the id and its access token wait here (this tab only) until the buyer is back.
 */
const KEY = 'marquee.pendingBooking';

export interface PendingBooking {
  event: string;
  bookingId: string;
  token: string;
}

export function rememberPendingBooking(pending: PendingBooking): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage may be off (private mode); the booking email still links to the ticket page.
  }
}

export function takePendingBooking(event: string): PendingBooking | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingBooking>;
    if (pending.event !== event || typeof pending.bookingId !== 'string' || typeof pending.token !== 'string')
      return null;
    return { event: pending.event, bookingId: pending.bookingId, token: pending.token };
  } catch {
    return null;
  }
}
