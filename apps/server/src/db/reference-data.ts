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

export const CLASS_TYPES = ['Workshop', 'Course', 'Drop-in class', 'Private lesson', 'Online class'];
export const TICKET_TYPES = ['General admission', 'VIP', 'Early bird', 'Student', 'Child', 'Group', 'Free'];

export async function ensureReferenceData(db: DbOrTx): Promise<void> {
  const reasonRows = Object.entries(REASONS).flatMap(([kind, texts]) =>
    texts.map((text, order) => ({ kind: kind as keyof typeof REASONS, text, order })),
  );
  await db.insert(reasons).values(reasonRows).onConflictDoNothing();
  await db
    .insert(classTypes)
    .values(CLASS_TYPES.map((name, order) => ({ name, order })))
    .onConflictDoNothing();
  await db
    .insert(ticketTypes)
    .values(TICKET_TYPES.map((name, order) => ({ name, order })))
    .onConflictDoNothing();
}
