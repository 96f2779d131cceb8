import type { ScanOutcome } from '@marquee/contract';
import type { OutcomeRow, ScanInput } from '../repo/scans.js';
import type { CheckInChange } from '../scan-engine.js';
import { checkReplay, toOutcome } from '../scan-outcome.js';

/**
 * scan-ticket: decides one scan (`decide`: the engine's batcher, one `checkin_scan` call for it);
 * listeners hear about it when it changed something.
 */
export async function scanTicket(
  deps: { decide: (input: ScanInput) => Promise<OutcomeRow>; notify: (change: CheckInChange) => void },
  input: ScanInput,
  zone: string,
): Promise<ScanOutcome> {
  const row = await deps.decide(input);
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
