import type { Email } from '../../adapters/mailer/mailer.js';
import { composeEmail } from '../../lib/templates.js';

/** The buyer's page of one entry, under its event's page: position, offer, leave (the token opens it). */
export function entryPageUrl(publicUrl: string, event: string, entryId: string, token: string): string {
  const url = new URL(`/e/${encodeURIComponent(event)}/waiting-list/${entryId}`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** What the person waits for, as the emails name it. */
export interface EmailLine {
  eventTitle: string;
  ticketTypeName: string;
  timeZone: string;
  /** The date's start, or null for a course. */
  startsAt: Date | null;
}

const at = (when: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(when);

const what = (line: EmailLine) =>
  `${line.ticketTypeName}, ${line.eventTitle}${line.startsAt ? `, ${at(line.startsAt, line.timeZone)}` : ''}`;

export function joinedEmail(
  to: string,
  line: EmailLine & { quantity: number; position: number; url: string },
): Email {
  return {
    to,
    ...composeEmail(
      `Waiting list: ${line.eventTitle}`,
      'You are on the waiting list',
      [
        `You are waiting for ${line.quantity} × ${what(line)}.`,
        `Your place in line: ${line.position}. When seats come back they are offered in order, and we email you.`,
        'Keep this email: its link shows your place and lets you leave the list.',
      ],
      { label: 'See your place in line', url: line.url },
    ),
  };
}

export function offerEmail(to: string, line: EmailLine & { seats: number; until: Date; url: string }): Email {
  return {
    to,
    ...composeEmail(
      `Seats for you: ${line.eventTitle}`,
      'Seats are held for you',
      [
        `${line.seats} ${line.seats === 1 ? 'seat is' : 'seats are'} held for you: ${what(line)}.`,
        `Buy them until ${at(line.until, line.timeZone)}. After that, the offer passes to the next person in line.`,
      ],
      { label: 'Buy your tickets', url: line.url },
    ),
  };
}
