import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { scans, ticketAdmissions, tickets } from '../../../db/schema/index.js';

/** Who marks, where and when: what a manual mark's admission and history line record. */
export interface MarkPlace {
  eventId: string;
  occurrenceId: string;
  actorId: string;
  deviceId: string | null;
  now: Date;
}

/** The event's tickets among `ids`, locked in id order (bulk actions never deadlock each other). */
export async function lockEventTickets(tx: Tx, eventId: string, ids: string[]) {
  return tx
    .select({ id: tickets.id, status: tickets.status, occurrenceId: tickets.occurrenceId })
    .from(tickets)
    .where(and(inArray(tickets.id, ids), eq(tickets.eventId, eventId)))
    .orderBy(tickets.id)
    .for('update');
}

function history(ticketId: string, at: MarkPlace, result: 'MARKED_SCANNED' | 'MARKED_NOT_SCANNED') {
  return {
    eventId: at.eventId,
    occurrenceId: at.occurrenceId,
    ticketId,
    result,
    source: 'MANUAL' as const,
    scannedBy: at.actorId,
    deviceId: at.deviceId,
    scannedAt: at.now,
    receivedAt: at.now,
  };
}

/**
 * The same admission row a scan writes (at most one per ticket and date: the insert does nothing when
 * one exists), its MANUAL history line, and the ticket's "scanned" mirror. False when it was in already.
 */
export async function admitByHand(tx: Tx, ticketId: string, at: MarkPlace): Promise<boolean> {
  const scanId = randomUUID();
  const admitted = await tx
    .insert(ticketAdmissions)
    .values({
      ticketId,
      occurrenceId: at.occurrenceId,
      eventId: at.eventId,
      admittedAt: at.now,
      admittedBy: at.actorId,
      deviceId: at.deviceId,
      source: 'MANUAL',
      scanId,
    })
    .onConflictDoNothing()
    .returning({ ticketId: ticketAdmissions.ticketId });
  if (admitted.length === 0) return false;
  await tx.insert(scans).values({ id: scanId, ...history(ticketId, at, 'MARKED_SCANNED') });
  await tx.update(tickets).set({ scannedAt: at.now, scannedBy: at.actorId }).where(eq(tickets.id, ticketId));
  return true;
}

/** Removes the ticket's admission for the date, with its history line. False when it was not in. */
export async function unadmitByHand(tx: Tx, ticketId: string, at: MarkPlace): Promise<boolean> {
  const removed = await tx
    .delete(ticketAdmissions)
    .where(and(eq(ticketAdmissions.ticketId, ticketId), eq(ticketAdmissions.occurrenceId, at.occurrenceId)))
    .returning({ ticketId: ticketAdmissions.ticketId });
  if (removed.length === 0) return false;
  await tx.insert(scans).values(history(ticketId, at, 'MARKED_NOT_SCANNED'));
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
