import type { ScanOutcome, ScanResult } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import { decideScan, type ScanInput } from '../repo/scans.js';
import type { CheckInChange } from '../scan-engine.js';
import { checkReplay, doorTime, toOutcome } from '../scan-outcome.js';

/**
 * sync-offline-scans: a device's offline queue, in the order it was scanned. Each scan is its own
 * decision (and its own transaction), so a replayed batch or one cut off half-way is safe to send again.
 */
export async function syncOfflineScans(
  deps: { db: Db; notify: (change: CheckInChange) => void },
  batch: { eventId: string; actorId: string; deviceId: string; zone: string; now: Date },
  scans: {
    nonce: string;
    code: string;
    occurrenceId: string;
    scannedAt: string;
    localResult: ScanResult;
  }[],
): Promise<ScanOutcome[]> {
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
      scannedAt: doorTime(item.scannedAt, batch.now),
      localResult: item.localResult,
    };
    const row = await decideScan(deps.db, input);
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
  for (const change of changes.values()) deps.notify(change);
  return outcomes;
}
