import type { ScanResult } from '@marquee/contract';
import type { UnitOfWork } from '../../../db/unit-of-work.js';
import { notFound } from '../../../lib/errors.js';
import { dateOfEventOrRefuse } from '../queries/event-date.js';
import { admitByHand, lockEventTickets, unadmitByHand } from '../repo/marks.js';
import type { CheckInChange } from '../scan-engine.js';

export interface MarkInput {
  eventId: string;
  occurrenceId: string;
  scanned: boolean;
  ticketIds: string[];
  actorId: string;
  deviceId: string | null;
}

export interface MarkResult {
  changed: number;
  unchanged: number;
  refused: { ticketId: string; result: ScanResult; message: string }[];
}

const REFUSALS = {
  REFUNDED: 'Refunded tickets cannot be marked.',
  CANCELLED: 'Cancelled tickets cannot be marked.',
  WRONG_DATE: 'This ticket is for another date.',
} as const;

/**
 * mark-scanned-unscanned-tickets: the same admission rows a scan writes, so "marked scanned" and
 * "scanned" can never both let one ticket in. The tickets are locked in id order; each change leaves a
 * MANUAL line in the scan history and the call one audit entry; listeners hear it after the commit.
 */
export function markTickets(
  deps: { unitOfWork: UnitOfWork; notify: (change: CheckInChange) => void },
  input: MarkInput,
): Promise<MarkResult> {
  const ids = [...new Set(input.ticketIds)].sort();
  return deps.unitOfWork(async ({ tx, now, audit, afterCommit }) => {
    await dateOfEventOrRefuse(tx, input.eventId, input.occurrenceId);
    const rows = await lockEventTickets(tx, input.eventId, ids);
    // A ticket of another event is one the caller may not see.
    if (rows.length !== ids.length) throw notFound('A chosen ticket');

    const at = { ...input, now };
    const result: MarkResult = { changed: 0, unchanged: 0, refused: [] };
    const changedIds: string[] = [];
    for (const ticket of rows) {
      const refusal: keyof typeof REFUSALS | null =
        ticket.status !== 'VALID'
          ? ticket.status
          : ticket.occurrenceId && ticket.occurrenceId !== input.occurrenceId
            ? 'WRONG_DATE'
            : null;
      if (refusal) {
        result.refused.push({ ticketId: ticket.id, result: refusal, message: REFUSALS[refusal] });
        continue;
      }
      const changed = input.scanned
        ? await admitByHand(tx, ticket.id, at)
        : await unadmitByHand(tx, ticket.id, at);
      if (changed) {
        result.changed += 1;
        changedIds.push(ticket.id);
      } else result.unchanged += 1;
    }
    if (changedIds.length > 0) {
      await audit({
        action: input.scanned ? 'TICKETS_MARKED_SCANNED' : 'TICKETS_MARKED_NOT_SCANNED',
        entityType: 'event',
        entityId: input.eventId,
        after: { occurrenceId: input.occurrenceId, ticketIds: changedIds },
      });
      afterCommit(() =>
        deps.notify({
          eventId: input.eventId,
          occurrenceId: input.occurrenceId,
          deviceId: input.deviceId,
          ticketIds: changedIds,
          conflicts: [],
        }),
      );
    }
    return result;
  });
}
