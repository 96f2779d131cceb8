import { Button, Menu } from '@mantine/core';
import type { BuyerBooking } from '@marquee/contract';
import {
  IconBrandGoogle,
  IconCalendarPlus,
  IconChevronDown,
  IconDownload,
  IconFileTypePdf,
} from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCalendarFile, downloadTicketsPdf } from '../api/ticket-files';
import { googleCalendarUrl, outlookCalendarUrl } from '../model/calendar-links';
import { dateTime } from '../model/when';

/** A download in progress: the button is busy; a refusal was toasted by the http helper. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // Said already (toast); the page stays as it was.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** "Download PDF": every valid ticket of the booking, one page each, with its QR code. */
export function DownloadPdfButton({ booking }: { booking: BuyerBooking }) {
  const { busy, run } = useBusy();
  return (
    <Button
      className="no-print"
      variant="default"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      loading={busy}
      onClick={() => void run(() => downloadTicketsPdf(booking))}
    >
      Download PDF
    </Button>
  );
}

/**
 * "Add to calendar": the calendar file (every date, in the event's zone) or, per date, Google Calendar's
 * and Outlook's own "add event" pages.
 */
export function AddToCalendarMenu({ booking }: { booking: BuyerBooking }) {
  const { busy, run } = useBusy();
  const pageUrl = window.location.href;
  const dates = booking.dates;
  const several = dates.length > 1;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          className="no-print"
          variant="default"
          loading={busy}
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Add to calendar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void run(() => downloadCalendarFile(booking))}
        >
          {several ? `Calendar file (.ics, ${dates.length} dates)` : 'Calendar file (.ics)'}
        </Menu.Item>
        {dates.map((date) => {
          const when = several ? ` · ${dateTime(date.startsAt, booking.event.timeZone)}` : '';
          return [
            <Menu.Item
              key={`google-${date.startsAt}`}
              component="a"
              href={googleCalendarUrl(booking, date, pageUrl)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconBrandGoogle size={16} aria-hidden />}
            >
              {`Google Calendar${when}`}
            </Menu.Item>,
            <Menu.Item
              key={`outlook-${date.startsAt}`}
              component="a"
              href={outlookCalendarUrl(booking, date, pageUrl)}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              {`Outlook${when}`}
            </Menu.Item>,
          ];
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
