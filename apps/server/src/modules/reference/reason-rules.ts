import { type AdminReason, REASON_KIND_LABELS, type ReasonKind } from '@marquee/contract';
import { isUniqueViolation } from '../../db/list.js';
import { AppError } from '../../lib/errors.js';
import type { ReasonRow } from './reason.repo.js';

// The reasons administrators offer in refund, report and cancel flows. Nothing refers to a reason yet
// (refunds and reports come later), so deleting one is a real delete.

/** Audit entity type of the reasons. */
export const REASON = 'REASON';

export function toReason(r: ReasonRow): AdminReason {
  return { _id: r.id, kind: r.kind, text: r.text, order: r.order, status: r.status };
}

export function duplicateReason(kind: ReasonKind, text: string) {
  return new AppError(409, `A ${REASON_KIND_LABELS[kind].toLowerCase()} reason "${text}" already exists.`, [
    { field: 'text', message: 'This reason already exists for this kind' },
  ]);
}

/** Two admins saving the same text at once: the unique index decides, and the loser gets the 409. */
export async function unlessDuplicate<T>(kind: ReasonKind, text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateReason(kind, text);
    throw error;
  }
}
