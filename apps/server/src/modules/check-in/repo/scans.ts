import type { ScanResult, ScanSource } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import { namedStatement } from '../../../db/named-statement.js';
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

// The door's statements, named: PostgreSQL parses and plans them once per connection (db/named-statement.ts).
const scanOne = namedStatement<OutcomeRow>(
  'checkin_scan_one',
  `select * from checkin_scan($1::uuid, $2::uuid, $3, $4::uuid, $5, $6::uuid, $7::scan_source,
    $8::timestamptz, $9::scan_result)`,
);
const scanBatch = namedStatement<OutcomeRow>(
  'checkin_scan_batch',
  `select s.* from unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::uuid[],
    $7::scan_source[], $8::timestamptz[], $9::scan_result[])
    with ordinality as i(event_id, occurrence_id, code, actor_id, device_id, nonce, source, scanned_at, local_result, n)
  cross join lateral checkin_scan(i.event_id, i.occurrence_id, i.code, i.actor_id, i.device_id, i.nonce,
    i.source, i.scanned_at, i.local_result) s
  order by i.n`,
);

/**
 * The door's one decision (docs/check-in.md): `checkin_scan` in PostgreSQL admits a ticket at most once
 * per date and records the scan, in one statement and one round trip (the admission is its guarded
 * insert, not a status move). A nonce seen before answers the first outcome (`replayed`).
 */
export async function decideScan(db: Db, input: ScanInput): Promise<OutcomeRow> {
  try {
    const result = await scanOne(db, [
      input.eventId,
      input.occurrenceId,
      input.code,
      input.actorId,
      input.deviceId,
      input.nonce,
      input.source,
      input.scannedAt.toISOString(),
      input.localResult,
    ]);
    const row = result.rows[0];
    if (!row) throw new Error('checkin_scan answered no row');
    return row;
  } catch (error) {
    if (pgErrorOf(error)?.code === 'P0002') throw notAnEventDate();
    throw error;
  }
}

/**
 * Several scans decided in one statement and one transaction (the engine's group commit): each is one
 * call of the same `checkin_scan`, in the order given, so two scans of one ticket in a batch are decided
 * as if one after the other (the second finds the first's admission). Answers the rows in that order.
 * A scan that raises (a date not of the event) fails the whole batch: the caller decides its scans
 * one by one then (nothing of the failed batch was kept).
 */
export async function decideScanBatch(db: Db, inputs: ScanInput[]): Promise<OutcomeRow[]> {
  const column = <T>(pick: (input: ScanInput) => T) => inputs.map(pick);
  const result = await scanBatch(db, [
    column((x) => x.eventId),
    column((x) => x.occurrenceId),
    column((x) => x.code),
    column((x) => x.actorId),
    column((x) => x.deviceId),
    column((x) => x.nonce),
    column((x) => x.source),
    column((x) => x.scannedAt.toISOString()),
    column((x) => x.localResult),
  ]);
  if (result.rows.length !== inputs.length)
    throw new Error('checkin_scan answered a row per scan only in part');
  return result.rows;
}
