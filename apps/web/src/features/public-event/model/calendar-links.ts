import type { BuyerBooking } from '@marquee/contract';

/** `20261212T193000Z`: an instant as the calendar services' links write it (UTC). */
const utcStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Where the booking happens, as the calendar entry's location: the online link, or the venue and address. */
export function calendarLocation(booking: BuyerBooking): string {
  if (booking.event.onlineUrl) return booking.event.onlineUrl;
  return [booking.event.venueName, booking.event.address].filter(Boolean).join(', ');
}

function details(booking: BuyerBooking, pageUrl: string): string {
  return [
    `Order ${booking.code}`,
    booking.event.organizationName ? `Organized by ${booking.event.organizationName}` : '',
    `Your tickets: ${pageUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Google Calendar's "add event" link for one date, in the event's zone (`ctz`). */
export function googleCalendarUrl(
  booking: BuyerBooking,
  date: { startsAt: string; endsAt: string },
  pageUrl: string,
): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: booking.event.title,
    dates: `${utcStamp(date.startsAt)}/${utcStamp(date.endsAt)}`,
    details: details(booking, pageUrl),
    location: calendarLocation(booking),
    ctz: booking.event.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** Outlook on the web's "new event" link for one date (times as instants; Outlook shows them in the reader's zone). */
export function outlookCalendarUrl(
  booking: BuyerBooking,
  date: { startsAt: string; endsAt: string },
  pageUrl: string,
): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: booking.event.title,
    startdt: new Date(date.startsAt).toISOString(),
    enddt: new Date(date.endsAt).toISOString(),
    body: details(booking, pageUrl),
    location: calendarLocation(booking),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}
