import type { DbOrTx } from './client.js';
import { classTypes, reasons, ticketTypes } from './schema/index.js';

/** Reference lists every installation needs (not demo data): added at every start when missing. */
export const REASONS = {
  REFUND_REQUEST: [
    'I can no longer attend',
    'The event was rescheduled',
    'I bought the wrong tickets',
    'Duplicate purchase',
    'Other',
  ],
  REFUND_DECLINE: [
    'The refund window has closed',
    'Tickets were already used',
    'The event went ahead as announced',
    'Other',
  ],
  EVENT_REPORT: [
    'Misleading or false information',
    'Inappropriate content',
    'Suspected fraud or scam',
    'Duplicate event',
    'Other',
  ],
  EVENT_CANCEL: [
    'Low ticket sales',
    'Venue unavailable',
    'Performer or host unavailable',
    'Weather or safety',
    'Other',
  ],
} as const;

/** COURSE: one ticket covers every session (capacity counted once); DROP_IN: each session booked on its own. */
export const CLASS_TYPES = [
  { name: 'Workshop', bookingMode: 'COURSE' },
  { name: 'Course', bookingMode: 'COURSE' },
  { name: 'Drop-in class', bookingMode: 'DROP_IN' },
  { name: 'Private lesson', bookingMode: 'DROP_IN' },
  { name: 'Online class', bookingMode: 'COURSE' },
] as const;
/** How a ticket type is priced; a donation's price is the minimum a buyer gives. */
export const TICKET_TYPES = [
  { name: 'Paid', pricing: 'PAID' },
  { name: 'Free', pricing: 'FREE' },
  { name: 'Donation', pricing: 'DONATION' },
] as const;

export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  const reasonRows = Object.entries(REASONS).flatMap(([kind, texts]) =>
    texts.map((text, order) => ({ kind: kind as keyof typeof REASONS, text, order })),
  );
  await db.insert(reasons).values(reasonRows).onConflictDoNothing();
  await db
    .insert(classTypes)
    .values(CLASS_TYPES.map((type, order) => ({ ...type, order })))
    .onConflictDoNothing();
  await db
    .insert(ticketTypes)
    .values(TICKET_TYPES.map((type, order) => ({ ...type, order })))
    .onConflictDoNothing();
}
