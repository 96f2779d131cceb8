import type { ScanOutcome } from '@marquee/contract';
import type { Db } from '../../../db/client.js';
import { decideScan, type ScanInput } from '../repo/scans.js';
import type { CheckInChange } from '../scan-engine.js';
import { checkReplay, toOutcome } from '../scan-outcome.js';

/** scan-ticket: decides one scan; listeners hear about it when it changed something. */
export async function scanTicket(
  deps: { db: Db; notify: (change: CheckInChange) => void },
  input: ScanInput,
  zone: string,
): Promise<ScanOutcome> {
  const row = await decideScan(deps.db, input);
  checkReplay(row, input);
  const outcome = toOutcome(row, zone);
  if (!row.replayed) {
    deps.notify({
      eventId: input.eventId,
      occurrenceId: input.occurrenceId,
      deviceId: input.deviceId,
      ticketIds: row.result === 'ADMITTED' && row.ticket_id ? [row.ticket_id] : [],
      conflicts: outcome.conflict ? [outcome] : [],
    });
  }
  return outcome;
}
