import { formatInZone } from '@marquee/time';
/** One date: when it starts and ends. */
export interface DateSpan {
  startsAt: Date;
  endsAt: Date;
}

const DAY = 'EEE d MMM yyyy';
const TIME = 'HH:mm';

/**
 * One date as the buyer's emails and files print it, in the event's zone and naming it:
 * `Sat 12 Dec 2026, 19:30 – 22:00 (Europe/Dublin)`; a date over midnight names both days.
 */
export function dateLine(date: DateSpan, zone: string): string {
  const startDay = formatInZone(date.startsAt, DAY, zone);
  const endDay = formatInZone(date.endsAt, DAY, zone);
  const start = `${startDay}, ${formatInZone(date.startsAt, TIME, zone)}`;
  const end =
    startDay === endDay
      ? formatInZone(date.endsAt, TIME, zone)
      : `${endDay}, ${formatInZone(date.endsAt, TIME, zone)}`;
  return `${start} – ${end} (${zone})`;
}
