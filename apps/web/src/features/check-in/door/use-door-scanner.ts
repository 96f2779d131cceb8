import type { ScanOutcome } from '@marquee/contract';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { getDeviceId } from './device-id';
import { doorCalls } from './door-calls';
import type { DoorResult } from './door-client';
import { DoorSession, type DoorSessionDeps, type DoorState } from './door-session';
import { sharedDoorStore } from './shared-store';

export type { DoorResult } from './door-client';

export interface DoorScanner {
  /**
   * Decides one code: by the server when it answers, else on this device from the date's list (the
   * outcome then says `offline: true` and the scan waits in the queue). Throws the server's error
   * answers (a malformed code, no access), and says in the error when neither can decide.
   */
  scan(code: string): Promise<DoorResult>;
  online: boolean;
  queued: number;
  /** The open date's admissions decided on this device and not synced yet. */
  queuedAdmissions: number;
  lastSyncAt: string | null;
  offlineReady: boolean;
  /** This page can decide tickets offline at all: a secure address (HTTPS or localhost). */
  offlineCapable: boolean;
  conflicts: ScanOutcome[];
  syncNow(): Promise<void>;
  /** Beyond the shared interface: a sync is running; the server's refusal of the last one. */
  syncing: boolean;
  syncError: string | null;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function defaultDeps(): DoorSessionDeps {
  return {
    store: sharedDoorStore(),
    calls: doorCalls,
    deviceId: getDeviceId,
    now: () => new Date(),
    // Not crypto.randomUUID: it exists only on secure pages, and the door must scan on a plain-http address too.
    newNonce: newIdempotencyKey,
    browserOnline,
  };
}

/**
 * The door of the check-in screen for one date. Online it scans through the server; with no network it
 * decides from the date's ticket list kept in IndexedDB and queues the scan, and the queue syncs by
 * itself when the network returns. `deps` is for tests.
 */
export function useDoorScanner(
  { eventId, occurrenceId }: { eventId: string; occurrenceId: string | null | undefined },
  deps?: DoorSessionDeps,
): DoorScanner {
  const [session] = useState(() => new DoorSession(deps ?? defaultDeps()));
  const state: DoorState = useSyncExternalStore(session.subscribe, session.snapshot);
  useEffect(() => session.start(), [session]);
  useEffect(() => session.open(eventId, occurrenceId), [session, eventId, occurrenceId]);
  return useMemo(() => ({ ...state, scan: session.scan, syncNow: session.syncNow }), [state, session]);
}
