import { type ScanOutcome, scanTicket } from '@marquee/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { getDeviceId } from './device-id';

/** What one scan decided, and whether this device decided it alone (no network). */
export interface DoorResult {
  outcome: ScanOutcome;
  offline: boolean;
}

export interface DoorScanner {
  /** Decides one code: the server when online; rejects when it could not be decided. */
  scan(code: string): Promise<DoorResult>;
  online: boolean;
  /** Offline scans waiting to be sent. */
  queued: number;
  /** When the queue last reached the server (ISO), if ever. */
  lastSyncAt: string | null;
  /** The date's ticket list is on this device, so scans can be decided without the network. */
  offlineReady: boolean;
  /** This device's offline admissions the server found were already in. */
  conflicts: ScanOutcome[];
  syncNow(): Promise<void>;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The door: the one way the check-in screen decides a code. This first version is online only (a POST
 * with a fresh nonce and this device's id); the offline version keeps the same shape and adds a local
 * ticket list, a queue and its sync.
 */
export function useDoorScanner({
  eventId,
  occurrenceId,
}: {
  eventId: string;
  occurrenceId: string;
}): DoorScanner {
  const [online, setOnline] = useState(browserOnline);
  useEffect(() => {
    const update = () => setOnline(browserOnline());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const scan = useCallback(
    async (code: string): Promise<DoorResult> => {
      const response = await http(scanTicket, {
        body: { eventId, occurrenceId, code, deviceId: getDeviceId(), nonce: newIdempotencyKey() },
        // The screen shows why a scan failed where the result would have been; no toast on top.
        silent: true,
      });
      return { outcome: response.result, offline: false };
    },
    [eventId, occurrenceId],
  );
  const syncNow = useCallback(async () => {}, []);

  return useMemo(
    () => ({ scan, online, queued: 0, lastSyncAt: null, offlineReady: false, conflicts: [], syncNow }),
    [scan, online, syncNow],
  );
}
