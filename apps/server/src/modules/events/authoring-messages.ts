import type { EventKind } from '@marquee/contract';
import { type AppError, badRequest } from '../../lib/errors.js';
import type { FieldError } from './authoring-rules.js';
import type { EventRow } from './repo/rows.js';

const KIND_NAMES: Record<EventKind, string> = {
  SINGLE: 'single event',
  MULTI: 'multi event',
  CLASS: 'class',
};

/** What the authoring calls answer when they refuse, in the spec's words. */
export const AUTHORING_MESSAGES = {
  wrongKind: (kind: EventKind) => {
    const name = KIND_NAMES[kind];
    return `This is a ${name}; edit it as a ${name}.`;
  },
  notDraft: 'This event is already published; edit it instead of saving a draft.',
  alreadyPublished: 'This event is already published.',
  otherOrganization: 'An event cannot move to another organization',
  correctFields: 'Please correct the highlighted fields.',
  zoneNotFound: 'The time zone of this place could not be found; choose it.',
} as const;

/** One field error answers its own message; several, the general one with each under its field. */
export function refuse(errors: FieldError[]): AppError {
  return badRequest(
    errors.length === 1 ? (errors[0]?.message ?? '') : AUTHORING_MESSAGES.correctFields,
    errors,
  );
}

/** The title as `events.title_key` compares it: case and runs of white space ignored. */
export const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();

/** An event that is cancelled, completed (or ended), or blocked by an administrator is not edited. */
export function editable(event: EventRow, now: Date) {
  if (event.status === 'DRAFT') return true;
  if (event.status !== 'PUBLISHED' || event.isBlocked) return false;
  return !(event.endsAt && event.endsAt.getTime() <= now.getTime());
}
