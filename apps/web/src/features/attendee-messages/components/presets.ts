import type { EventDetail } from '@marquee/contract';
import { formatDayDate, formatTime } from '../../../lib/dates';
import type { MessagePreset } from '../paths';

/** A date of the event in its own zone, named: "Sat, Mar 7, 2026 at 7:00 PM (Europe/Berlin)". */
export function dateLabel(startsAt: string, zone: string | null): string {
  const z = zone ?? 'UTC';
  return `${formatDayDate(startsAt, z)} at ${formatTime(startsAt, z)} (${z})`;
}

/** The subject and text offered after a cancellation or a moved date; the organizer edits them freely. */
export function presetMessage(
  preset: MessagePreset,
  event: Pick<EventDetail, 'title' | 'timeZone' | 'occurrences' | 'organization'>,
  occurrenceId?: string | null,
): { subject: string; body: string } {
  if (preset === 'cancelled') {
    return {
      subject: `${event.title} is cancelled`,
      body: [
        `We are sorry to tell you that ${event.title} is cancelled.`,
        'Your order will be refunded in full; you will get an email when the refund is processed.',
        'Thank you for your understanding, and we hope to see you at another event.',
        event.organization.name,
      ].join('\n\n'),
    };
  }
  const date = event.occurrences.find((o) => o._id === occurrenceId);
  const when = date ? dateLabel(date.startsAt, event.timeZone) : 'a new date';
  return {
    subject: `New date for ${event.title}`,
    body: [
      `The date of ${event.title} has changed: it now takes place on ${when}.`,
      'Your tickets stay valid for the new date. If you cannot come, reply to this email and we will help.',
      event.organization.name,
    ].join('\n\n'),
  };
}
