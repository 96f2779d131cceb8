import type { CheckInLiveMessage, ScanOutcome } from '@marquee/contract';

/** One ticket let in twice while offline, on a date: this scan, and the admission it collided with. */
export type DoorConflict = Omit<Extract<CheckInLiveMessage, { type: 'conflict' }>, 'type'>;

/** A conflict as the live stream announces it (any device of the event, any of its dates). */
export function conflictFromLive(message: Extract<CheckInLiveMessage, { type: 'conflict' }>): DoorConflict {
  const { type: _type, ...conflict } = message;
  return conflict;
}

/**
 * Everything the "Admitted twice while offline" alert lists: the stream's conflicts and this device's
 * own (from its sync), each once, since this device's also come back through the stream. Oldest first.
 */
export function mergeConflicts(
  live: readonly DoorConflict[],
  own: readonly ScanOutcome[],
  ownDeviceId: string,
  /** The date this device checks in, which its own scans were for. */
  occurrenceId: string,
): DoorConflict[] {
  const byScan = new Map<string, DoorConflict>();
  for (const outcome of own) {
    byScan.set(outcome.scanId, {
      occurrenceId,
      scanId: outcome.scanId,
      ticket: outcome.ticket,
      deviceId: ownDeviceId,
      scannedAt: outcome.scannedAt,
      previous: outcome.previous,
    });
  }
  // The stream's copy names the device as the server recorded it; prefer it.
  for (const conflict of live) byScan.set(conflict.scanId, conflict);
  return [...byScan.values()].sort(
    (a, b) => a.scannedAt.localeCompare(b.scannedAt) || a.scanId.localeCompare(b.scanId),
  );
}
