import type { ScanOutcome } from '@marquee/contract';
import { isNoAnswer } from '../../../lib/http';
import {
  type DoorDeps,
  type DoorResult,
  refreshOfflineList,
  type SyncReport,
  scanAtDoor,
  syncQueue,
} from './door-client';
import { canHashOffline } from './local-decision';

/** How often a waiting queue is retried, and the server probed after a failure. */
const SYNC_INTERVAL_MS = 15_000;
/** How old a date's list may get before it is downloaded again (while online). */
const LIST_REFRESH_MS = 3 * 60_000;

export interface DoorState {
  /** The browser has a network and the server answered the last call. */
  online: boolean;
  /** Scans on this device waiting for the server (every event's). */
  queued: number;
  /** Of those, the open date's admissions decided on this device: counted at the door before the sync. */
  queuedAdmissions: number;
  lastSyncAt: string | null;
  /** This date's list is on the device and the page can use it: scanning goes on without network. */
  offlineReady: boolean;
  /**
   * The page can decide tickets offline at all. A plain-http address other than localhost cannot (no
   * WebCrypto to hash codes with): the door then works online only, and says so before the network drops.
   */
  offlineCapable: boolean;
  /** Offline admissions of this date the server refused: the ticket was in already. */
  conflicts: ScanOutcome[];
  syncing: boolean;
  /** The server refused a batch (an error answer, not the network): its message. */
  syncError: string | null;
}

export interface DoorSessionDeps extends DoorDeps {
  browserOnline: () => boolean;
  syncIntervalMs?: number;
  listRefreshMs?: number;
}

interface DateOpen {
  eventId: string;
  occurrenceId: string;
}

/** One sync at a time per page, whichever screen asks: several would send the same scans. */
let runningSync: Promise<SyncReport> | null = null;

/**
 * The door of one screen: scans, the offline list of the open date, the queue and its automatic sync
 * (on the browser's `online` event, on a timer, after each answered scan). React reads its state through
 * `subscribe`/`snapshot` (use-door-scanner.ts); everything it keeps lives in IndexedDB, so a reload
 * resumes where it stopped.
 */
export class DoorSession {
  private state: DoorState = {
    online: true,
    queued: 0,
    queuedAdmissions: 0,
    lastSyncAt: null,
    offlineReady: false,
    offlineCapable: canHashOffline(),
    conflicts: [],
    syncing: false,
    syncError: null,
  };
  /** False after a call got no answer, until one does (or the browser says it is back online). */
  private reachable = true;
  private date: DateOpen | null = null;
  /** When the open date's list was downloaded (null: not on this device). */
  private listSavedAt: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: DoorSessionDeps) {
    this.state.online = deps.browserOnline();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot = () => this.state;

  private patch(change: Partial<DoorState>) {
    const keys = Object.keys(change) as (keyof DoorState)[];
    if (keys.every((key) => Object.is(change[key], this.state[key]))) return;
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private tryNetwork(): boolean {
    return this.deps.browserOnline() && this.reachable;
  }

  private setReachable(reachable: boolean) {
    this.reachable = reachable;
    this.showOnline();
  }

  private showOnline() {
    this.patch({ online: this.tryNetwork() });
  }

  /** Listens for the network and runs the timer; returns the way to stop. */
  start(): () => void {
    const onOnline = () => {
      this.setReachable(true);
      void this.catchUp();
    };
    const onOffline = () => this.showOnline();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => void this.tick(), this.deps.syncIntervalMs ?? SYNC_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
    };
  }

  /** A date was opened: show what the device holds for it, then fetch its list and sync. */
  open(eventId: string, occurrenceId: string | null | undefined) {
    this.date = occurrenceId ? { eventId, occurrenceId } : null;
    this.listSavedAt = null;
    this.patch({ offlineReady: false, conflicts: [] });
    // Opening a date always fetches its list: the scanner may have been away for hours.
    void this.readStore().then(() => this.catchUp({ freshList: true }));
  }

  scan = async (code: string): Promise<DoorResult> => {
    const date = this.date;
    if (!date) throw new Error('Choose a date to check in first');
    const tryNetwork = this.tryNetwork();
    const result = await scanAtDoor(this.deps, { ...date, code, tryNetwork });
    if (result.offline) {
      if (tryNetwork) this.setReachable(false);
    } else {
      this.setReachable(true);
      if (this.state.queued > 0) void this.syncNow();
    }
    await this.readStore();
    return result;
  };

  syncNow = async (): Promise<void> => {
    if (!this.deps.browserOnline()) return;
    try {
      if ((await this.deps.store.queueSize()) === 0) {
        await this.readStore();
        return;
      }
      this.patch({ syncing: true });
      runningSync ??= syncQueue(this.deps).finally(() => {
        runningSync = null;
      });
      const report = await runningSync;
      this.setReachable(!report.networkFailed);
      this.patch({ syncError: report.error });
    } catch {
      // IndexedDB failed (storage refused or cleared): nothing to send; the state read says what is left.
    } finally {
      this.patch({ syncing: false });
      await this.readStore();
    }
  };

  /** Back online (or a date opened): refresh the list when stale, send what waits. */
  private async catchUp({ freshList = false } = {}) {
    if (!this.tryNetwork()) return;
    await this.refreshList(freshList ? 0 : (this.deps.listRefreshMs ?? LIST_REFRESH_MS));
    await this.syncNow();
  }

  private async tick() {
    await this.readStore();
    if (!this.deps.browserOnline()) return;
    if (!this.reachable && !(await this.probe())) return;
    await this.catchUp();
  }

  private async probe(): Promise<boolean> {
    const date = this.date;
    if (!date) {
      // Nothing to ask about: trust the browser, the next sync will tell.
      this.setReachable(true);
      return true;
    }
    try {
      await this.deps.calls.probe(date);
      this.setReachable(true);
      return true;
    } catch (error) {
      // An error answer is still an answer: the server is there.
      this.setReachable(!isNoAnswer(error));
      return this.reachable;
    }
  }

  /**
   * Downloads the open date's list unless the one kept is younger than `maxAge` ms. Not on a page that
   * cannot decide offline: the list would be downloaded every few minutes for nothing.
   */
  private async refreshList(maxAge: number) {
    const date = this.date;
    if (!date || !this.state.offlineCapable) return;
    const savedAt = this.listSavedAt;
    if (maxAge > 0 && savedAt && this.deps.now().getTime() - Date.parse(savedAt) < maxAge) return;
    try {
      await refreshOfflineList(this.deps, date);
      this.setReachable(true);
    } catch (error) {
      // An error answer (no access, no such date) leaves the old list, if any; the screen says the rest.
      if (isNoAnswer(error)) this.setReachable(false);
    }
    await this.readStore();
  }

  /** The device's figures for the open date (another tab may have changed them). */
  private async readStore() {
    const date = this.date;
    try {
      const { store } = this.deps;
      const [waiting, lastSyncAt, list, conflicts] = await Promise.all([
        store.queuedScans(),
        store.lastSyncAt(),
        date ? store.getList(date.eventId, date.occurrenceId) : undefined,
        date ? store.conflictsOf(date.eventId, date.occurrenceId) : [],
      ]);
      const change: Partial<DoorState> = { queued: waiting.length, lastSyncAt };
      // A date changed meanwhile: its own figures are read by its own open().
      if (date === this.date) {
        change.queuedAdmissions = waiting.filter(
          (scan) =>
            scan.eventId === date?.eventId &&
            scan.occurrenceId === date.occurrenceId &&
            scan.localResult === 'ADMITTED',
        ).length;
        this.listSavedAt = list?.savedAt ?? null;
        change.offlineReady = list !== undefined && this.state.offlineCapable;
        if (conflicts.length !== this.state.conflicts.length) {
          change.conflicts = conflicts.map((conflict) => conflict.outcome);
        }
      }
      this.patch(change);
    } catch {
      // No IndexedDB (private mode, storage refused): the door works online only.
    }
  }
}
