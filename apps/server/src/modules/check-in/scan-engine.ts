import type { ScanOutcome, ScanResult } from '@marquee/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Metrics } from '../../ports.js';
import { scanTicket } from './commands/scan-ticket.js';
import { syncOfflineScans } from './commands/sync-offline-scans.js';
import type { ScanInput } from './repo/scans.js';
import { createScanBatcher } from './scan-batcher.js';

export type { ScanInput } from './repo/scans.js';

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

/**
 * The door's decisions and who hears of them (docs/check-in.md): scans and offline queues decided in
 * PostgreSQL (commands/scan-ticket.ts through the batcher, commands/sync-offline-scans.ts), manual marks told through
 * `notify`, and the listeners (live counts) that hear every change after it committed. One per app.
 */
export function createScanEngine(deps: { db: Db; clock: Clock; metrics?: Pick<Metrics, 'admission'> }) {
  const listeners = new Set<Listener>();

  function notify(change: CheckInChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's trouble (a closed stream) never undoes or fails a scan that is already decided.
      }
    }
  }

  const decided = { db: deps.db, notify };
  // Concurrent online scans share statements and commits (scan-batcher.ts).
  const batcher = createScanBatcher(deps.db);
  // A replayed scan (the same nonce again) was counted when it was decided.
  const count = (outcome: ScanOutcome) => {
    if (outcome.replayed) return;
    deps.metrics?.admission(
      outcome.result === 'ADMITTED'
        ? 'admitted'
        : outcome.result === 'ALREADY_SCANNED'
          ? 'already_scanned'
          : 'invalid',
    );
  };
  return {
    /** Decides one scan; listeners hear about it when it changed something. */
    scan: async (input: ScanInput, zone: string) => {
      const outcome = await scanTicket({ decide: batcher.decide, notify }, input, zone);
      count(outcome);
      return outcome;
    },
    /** A device's offline queue, in the order it was scanned. */
    syncOffline: async (
      batch: { eventId: string; actorId: string; deviceId: string; zone: string },
      scans: {
        nonce: string;
        code: string;
        occurrenceId: string;
        scannedAt: string;
        localResult: ScanResult;
      }[],
    ) => {
      const outcomes = await syncOfflineScans(decided, { ...batch, now: deps.clock.now() }, scans);
      for (const outcome of outcomes) count(outcome);
      return outcomes;
    },
    /** Tells listeners about manual marks (commands/mark-tickets.ts). */
    notify,
    /** Hears every change at the door after it committed; answers a function that stops listening. */
    onChange(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ScanEngine = ReturnType<typeof createScanEngine>;
