import type { Change } from '../../../db/unit-of-work.js';
import { dateLine } from '../../../lib/date-line.js';
import { composeEmail } from '../../../lib/templates.js';
import { enqueueEmail } from '../../messages/index.js';
import { confirmedOrdersOfDates, type DateTimes } from '../repo/date-changes.js';

/** The message kind of a buyer's "your date moved" email. */
export const DATE_CHANGE_EMAIL = 'date-change';

const same = (a: DateTimes, b: DateTimes) =>
  a.startsAt.getTime() === b.startsAt.getTime() && a.endsAt.getTime() === b.endsAt.getTime();

/**
 * When a published event's dates move, each confirmed order of a moved date gets an email (through
 * the outbox, in the change's transaction): what the date was, what it is now, both in the event's
 * zone, and that the tickets stay valid. Dates added or removed are not moves (a date with tickets
 * sold cannot be removed).
 */
export async function enqueueDateChangeEmails(
  change: Change,
  event: { id: string; title: string; slug: string | null; timeZone: string | null },
  before: Map<string, DateTimes>,
  after: Map<string, DateTimes>,
  publicUrl: string,
) {
  const moved = [...before].flatMap(([id, was]) => {
    const now = after.get(id);
    return now && !same(was, now) ? [{ id, was, now }] : [];
  });
  if (moved.length === 0) return;
  const zone = event.timeZone ?? 'UTC';
  const orders = await confirmedOrdersOfDates(
    change.tx,
    event.id,
    moved.map((m) => m.id),
  );
  const page = `${publicUrl}/e/${encodeURIComponent(event.slug ?? event.id)}`;
  for (const order of orders) {
    const mine = order.occurrenceId ? moved.filter((m) => m.id === order.occurrenceId) : moved;
    if (mine.length === 0) continue;
    const first = mine[0] as (typeof mine)[number];
    const subject =
      mine.length === 1
        ? `New date for ${event.title}: ${dateLine(first.now, zone)}`
        : `New dates for ${event.title}`;
    const paragraphs = [
      `Hello ${order.buyerName || 'there'},`,
      `The organizer has moved ${mine.length === 1 ? 'the date' : `${mine.length} dates`} of ${event.title} you booked (order ${order.code}).`,
      ...mine.flatMap((m) => [`Was: ${dateLine(m.was, zone)}`, `Now: ${dateLine(m.now, zone)}`]),
      'Your tickets stay valid for the new date: keep the QR codes you have. If the new date does not suit you, reply to the organizer or ask for a refund from your ticket page (the link in your confirmation email).',
    ];
    await enqueueEmail(
      change,
      {
        to: order.buyerEmail,
        ...composeEmail(subject, 'Your event has a new date', paragraphs, {
          label: 'View the event',
          url: page,
        }),
      },
      {
        kind: DATE_CHANGE_EMAIL,
        intentKey: `${DATE_CHANGE_EMAIL}:${order.id}:${change.now.toISOString()}`,
        orderId: order.id,
        eventId: event.id,
        organizationId: order.organizationId,
        data: { orderCode: order.code },
      },
    );
  }
}
