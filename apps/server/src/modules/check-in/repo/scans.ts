import type { ScanResult, ScanSource } from '@marquee/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pgErrorOf } from '../../../lib/db-errors.js';
import { notAnEventDate } from '../door-errors.js';

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

/** The row `checkin_scan` and `checkin_outcome` answer (drizzle/0014_checkin_scan_function.sql). */
export interface OutcomeRow extends Record<string, unknown> {
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

/**
 * The door's one decision (docs/check-in.md): `checkin_scan` in PostgreSQL admits a ticket at most once
 * per date and records the scan, in one statement and one round trip (the admission is its guarded
 * insert, not a status move). A nonce seen before answers the first outcome (`replayed`).
 */
export async function decideScan(db: Db, input: ScanInput): Promise<OutcomeRow> {
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
