import type { ScanOutcome, ScanResult, ScanSource } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { pgErrorOf } from '../../lib/db-errors.js';
import { conflict } from '../../lib/errors.js';
import { notAnEventDate } from './event-date.js';
import { scanMessage } from './scan-message.js';

/** One scan to decide. `localResult`: what an offline device decided at the door (null online). */
export interface ScanInput {
  eventId: string;
  occurrenceId: string;
  code: string;
  actorId: string;
  deviceId: string;
  nonce: string;
  source: Exclude<ScanSource, 'MANUAL'>;
  scannedAt: Date;
  localResult: ScanResult | null;
}

/** What changed at the door, told to listeners (live counts, conflict reports) after the commit. */
export interface CheckInChange {
  eventId: string;
  occurrenceId: string;
  /** The device it happened on (null for a manual mark made without one). */
  deviceId: string | null;
  ticketIds: string[];
  /** Offline admissions the server refused because someone was in already. */
  conflicts: ScanOutcome[];
}

type Listener = (change: CheckInChange) => void;

/** The row `checkin_scan` and `checkin_outcome` answer (drizzle/0014_checkin_scan_function.sql). */
interface OutcomeRow extends Record<string, unknown> {
  scan_id: string;
  nonce: string;
  result: ScanResult;
  replayed: boolean;
  conflict: boolean;
  scanned_at: Date | string;
  event_id: string;
  occurrence_id: string | null;
  scanned_by: string | null;
  ticket_id: string | null;
  attendee_name: string | null;
  buyer_name: string | null;
  ticket_type_name: string | null;
  booking_code: string | null;
  ticket_status: 'VALID' | 'CANCELLED' | 'REFUNDED' | null;
  ticket_occurrence_id: string | null;
  ticket_occurrence_starts_at: Date | string | null;
  previous_at: Date | string | null;
  previous_by: string | null;
  previous_device: string | null;
  previous_source: ScanSource | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** An offline scan's time as the device gave it, but never in the future (a device clock running fast). */
function doorTime(given: string, now: Date): Date {
  const at = new Date(given);
  return at.getTime() > now.getTime() ? now : at;
}

export function toOutcome(row: OutcomeRow, zone: string): ScanOutcome {
  const ticket =
    row.ticket_id && row.ticket_status
      ? {
          _id: row.ticket_id,
          attendeeName: row.attendee_name,
          buyerName: row.buyer_name ?? '',
          ticketTypeName: row.ticket_type_name ?? '',
          bookingCode: row.booking_code ?? '',
          status: row.ticket_status,
          occurrence:
            row.ticket_occurrence_id && row.ticket_occurrence_starts_at
              ? { _id: row.ticket_occurrence_id, startsAt: iso(row.ticket_occurrence_starts_at) }
              : null,
        }
      : null;
  const previous = row.previous_at
    ? {
        at: iso(row.previous_at),
        by: row.previous_by,
        deviceId: row.previous_device,
        source: row.previous_source ?? 'ONLINE',
      }
    : null;
  return {
    scanId: row.scan_id,
    nonce: row.nonce,
    result: row.result,
    message: scanMessage(row.result, ticket, previous, zone),
    ticket,
    previous,
    scannedAt: iso(row.scanned_at),
    replayed: row.replayed,
    conflict: row.conflict,
  };
}

/**
 * The door's one decision (docs/check-in.md): `checkin_scan` in PostgreSQL admits a ticket at most once
 * per date and records the scan, in one statement and one round trip. A nonce seen before answers the
 * first outcome; a nonce reused by another person or event is refused (409), so nobody reads another
 * scanner's outcome by guessing.
 */
export function createScanEngine(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  const listeners = new Set<Listener>();

  async function decide(input: ScanInput): Promise<OutcomeRow> {
    try {
      const result = await db.execute<OutcomeRow>(sql`
        select * from checkin_scan(
          ${input.eventId}::uuid, ${input.occurrenceId}::uuid, ${input.code}, ${input.actorId}::uuid,
          ${input.deviceId}, ${input.nonce}::uuid, ${input.source}::scan_source,
          ${input.scannedAt.toISOString()}::timestamptz, ${input.localResult}::scan_result)`);
      const row = result.rows[0];
      if (!row) throw new Error('checkin_scan answered no row');
      return row;
    } catch (error) {
      if (pgErrorOf(error)?.code === 'P0002') throw notAnEventDate();
      throw error;
    }
  }

  function checkReplay(row: OutcomeRow, input: ScanInput) {
    if (row.replayed && (row.scanned_by !== input.actorId || row.event_id !== input.eventId))
      throw conflict('This scan id was already used. Scan again.');
  }

  function notify(change: CheckInChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's trouble (a closed stream) never undoes or fails a scan that is already decided.
      }
    }
  }

  /** Decides one scan; listeners hear about it when it changed something. */
  async function scan(input: ScanInput, zone: string): Promise<ScanOutcome> {
    const row = await decide(input);
    checkReplay(row, input);
    const outcome = toOutcome(row, zone);
    if (!row.replayed) {
      notify({
        eventId: input.eventId,
        occurrenceId: input.occurrenceId,
        deviceId: input.deviceId,
        ticketIds: row.result === 'ADMITTED' && row.ticket_id ? [row.ticket_id] : [],
        conflicts: outcome.conflict ? [outcome] : [],
      });
    }
    return outcome;
  }

  /**
   * A device's offline queue, in the order it was scanned. Each scan is its own decision (and its own
   * transaction), so a replayed batch or one cut off half-way is safe to send again.
   */
  async function syncOffline(
    batch: { eventId: string; actorId: string; deviceId: string; zone: string },
    scans: {
      nonce: string;
      code: string;
      occurrenceId: string;
      scannedAt: string;
      localResult: ScanResult;
    }[],
  ): Promise<ScanOutcome[]> {
    const now = deps.clock.now();
    const outcomes: ScanOutcome[] = [];
    const changes = new Map<string, CheckInChange>();
    for (const item of scans) {
      const input: ScanInput = {
        eventId: batch.eventId,
        occurrenceId: item.occurrenceId,
        code: item.code,
        actorId: batch.actorId,
        deviceId: batch.deviceId,
        nonce: item.nonce,
        source: 'OFFLINE',
        scannedAt: doorTime(item.scannedAt, now),
        localResult: item.localResult,
      };
      const row = await decide(input);
      checkReplay(row, input);
      const outcome = toOutcome(row, batch.zone);
      outcomes.push(outcome);
      if (row.replayed) continue;
      const change = changes.get(item.occurrenceId) ?? {
        eventId: batch.eventId,
        occurrenceId: item.occurrenceId,
        deviceId: batch.deviceId,
        ticketIds: [],
        conflicts: [],
      };
      if (row.result === 'ADMITTED' && row.ticket_id) change.ticketIds.push(row.ticket_id);
      if (outcome.conflict) change.conflicts.push(outcome);
      changes.set(item.occurrenceId, change);
    }
    for (const change of changes.values()) notify(change);
    return outcomes;
  }

  return {
    scan,
    syncOffline,
    /** Tells listeners about manual marks (modules/check-in/marks.ts). */
    notify,
    /** Hears every change at the door after it committed; answers a function that stops listening. */
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ScanEngine = ReturnType<typeof createScanEngine>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The door's decisions and their listeners (modules/check-in/scan-engine.ts). */
    checkIn: ScanEngine;
  }
}
