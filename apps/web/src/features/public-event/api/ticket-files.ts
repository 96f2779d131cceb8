import { bookingCalendar, bookingTicketsPdf } from '@marquee/contract';
import { downloadFile, saveFile } from '../../../lib/download-file';

/**
 * The ticket page's files (the booking's token is the buyer's credential): fetched with the console's
 * headers and handed to the browser's "save". A refusal is toasted by the http helper.
 */
export async function downloadTicketsPdf(booking: { _id: string; code: string; accessToken: string }) {
  saveFile(
    await downloadFile(
      bookingTicketsPdf.path,
      { bookingId: booking._id, token: booking.accessToken },
      { fallbackName: `tickets-${booking.code}.pdf` },
    ),
  );
}

export async function downloadCalendarFile(booking: { _id: string; code: string; accessToken: string }) {
  saveFile(
    await downloadFile(
      bookingCalendar.path,
      { bookingId: booking._id, token: booking.accessToken },
      { fallbackName: `${booking.code}.ics` },
    ),
  );
}
