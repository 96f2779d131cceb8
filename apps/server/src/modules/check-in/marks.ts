import { randomUUID } from 'node:crypto';
import type { ScanResult } from '@marquee/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { scans, ticketAdmissions, tickets } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { requireEventDate } from './event-date.js';
import type { CheckInChange } from './scan-engine.js';

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
 * Manual marks (`mark-scanned-unscanned-tickets`): the same admission rows a scan writes, so "marked
 * scanned" and "scanned" can never both let one ticket in. The tickets are locked in id order (bulk
 * actions never deadlock each other); each change leaves a MANUAL line in the scan history and the call
 * one audit entry.
 */
export function createMarks(deps: { db: Db; clock: Clock; notify: (change: CheckInChange) => void }) {
  const change = createUnitOfWork({ db: deps.db, clock: deps.clock });

  async function mark(input: MarkInput): Promise<MarkResult> {
    const ids = [...new Set(input.ticketIds)].sort();
    const outcome = await change(async ({ tx, now, audit, afterCommit }) => {
      await requireEventDate(tx, input.eventId, input.occurrenceId);
      const rows = await tx
        .select({ id: tickets.id, status: tickets.status, occurrenceId: tickets.occurrenceId })
        .from(tickets)
        .where(and(inArray(tickets.id, ids), eq(tickets.eventId, input.eventId)))
        .orderBy(tickets.id)
        .for('update');
      // A ticket of another event is one the caller may not see.
      if (rows.length !== ids.length) throw notFound('A chosen ticket');

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
          ? await markIn(tx, ticket.id, input, now)
          : await markOut(tx, ticket.id, input, now);
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
    return outcome;
  }

  type Tx = Parameters<Parameters<typeof change>[0]>[0]['tx'];

  async function markIn(tx: Tx, ticketId: string, input: MarkInput, now: Date): Promise<boolean> {
    const scanId = randomUUID();
    const admitted = await tx
      .insert(ticketAdmissions)
      .values({
        ticketId,
        occurrenceId: input.occurrenceId,
        eventId: input.eventId,
        admittedAt: now,
        admittedBy: input.actorId,
        deviceId: input.deviceId,
        source: 'MANUAL',
        scanId,
      })
      .onConflictDoNothing()
      .returning({ ticketId: ticketAdmissions.ticketId });
    if (admitted.length === 0) return false;
    await tx.insert(scans).values({ id: scanId, ...history(ticketId, input, now, 'MARKED_SCANNED') });
    await tx
      .update(tickets)
      .set({ scannedAt: now, scannedBy: input.actorId })
      .where(eq(tickets.id, ticketId));
    return true;
  }

  async function markOut(tx: Tx, ticketId: string, input: MarkInput, now: Date): Promise<boolean> {
    const removed = await tx
      .delete(ticketAdmissions)
      .where(
        and(eq(ticketAdmissions.ticketId, ticketId), eq(ticketAdmissions.occurrenceId, input.occurrenceId)),
      )
      .returning({ ticketId: ticketAdmissions.ticketId });
    if (removed.length === 0) return false;
    await tx.insert(scans).values(history(ticketId, input, now, 'MARKED_NOT_SCANNED'));
    // The ticket's own "scanned" mirror follows its latest remaining admission (a course has several).
    await tx
      .update(tickets)
      .set({
        scannedAt: sql`(select max(${ticketAdmissions.admittedAt}) from ${ticketAdmissions} where ${ticketAdmissions.ticketId} = ${ticketId})`,
        scannedBy: sql`(select ${ticketAdmissions.admittedBy} from ${ticketAdmissions} where ${ticketAdmissions.ticketId} = ${ticketId} order by ${ticketAdmissions.admittedAt} desc, ${ticketAdmissions.occurrenceId} desc limit 1)`,
      })
      .where(eq(tickets.id, ticketId));
    return true;
  }

  function history(
    ticketId: string,
    input: MarkInput,
    now: Date,
    result: 'MARKED_SCANNED' | 'MARKED_NOT_SCANNED',
  ) {
    return {
      eventId: input.eventId,
      occurrenceId: input.occurrenceId,
      ticketId,
      result,
      source: 'MANUAL' as const,
      scannedBy: input.actorId,
      deviceId: input.deviceId,
      scannedAt: now,
      receivedAt: now,
    };
  }

  return { mark };
}
