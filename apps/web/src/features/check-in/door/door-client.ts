import {
  type BodyOf,
  type checkInCounts,
  type checkInOfflineList,
  OFFLINE_SYNC_BATCH,
  type QueryOf,
  type ResultOf,
  type ScanOutcome,
  type scanTicket,
  type syncOfflineScans,
  TicketCode,
} from '@marquee/contract';
import { isNoAnswer } from '../../../lib/http';
import { canHashOffline, hashTicketCode, offlineOutcome } from './local-decision';
import type { DoorStore, QueuedScan, StoredConflict } from './offline-store';

/** The server calls the door makes (door-calls.ts sends them; tests answer them). */
export interface DoorCalls {
  scanTicket(body: BodyOf<typeof scanTicket>): Promise<ResultOf<typeof scanTicket>>;
  syncOfflineScans(body: BodyOf<typeof syncOfflineScans>): Promise<ResultOf<typeof syncOfflineScans>>;
  offlineList(query: QueryOf<typeof checkInOfflineList>): Promise<ResultOf<typeof checkInOfflineList>>;
  /** A cheap read telling whether the server can be reached again. */
  probe(query: QueryOf<typeof checkInCounts>): Promise<void>;
}

export interface DoorDeps {
  store: DoorStore;
  calls: DoorCalls;
  deviceId: () => string;
  now: () => Date;
  newNonce: () => string;
}

export interface DoorResult {
  outcome: ScanOutcome;
  /** Decided on this device from its list, and queued for the server. */
  offline: boolean;
}

/** Said when the door cannot decide at all: no network and no list of the date on this device. */
export class DoorUnavailableError extends Error {
  override readonly name = 'DoorUnavailableError';
}

export const NO_LIST_MESSAGE =
  'No network, and this date’s ticket list is not on this device yet: check the ticket by hand.';
const NO_CRYPTO_MESSAGE =
  'No network, and this browser cannot check tickets offline (the console must be opened over HTTPS).';

/**
 * One scan. With `tryNetwork` the server decides; if no answer comes, the device decides from its list
 * and queues the scan under the same nonce, so a request that did reach the server is not counted twice
 * at sync. Error answers (a malformed code, no access) are thrown as they are.
 */
export async function scanAtDoor(
  deps: DoorDeps,
  input: { eventId: string; occurrenceId: string; code: string; tryNetwork: boolean },
): Promise<DoorResult> {
  const parsed = TicketCode.safeParse(input.code);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Enter a ticket code');
  const code = parsed.data;
  const { eventId, occurrenceId } = input;
  const nonce = deps.newNonce();
  const deviceId = deps.deviceId();
  if (input.tryNetwork) {
    try {
      const outcome = await deps.calls.scanTicket({ eventId, occurrenceId, code, deviceId, nonce });
      if (outcome.result === 'ADMITTED' && outcome.ticket && !outcome.replayed) {
        await rememberOnlineAdmission(deps, { eventId, occurrenceId, ticketId: outcome.ticket._id, nonce });
      }
      return { outcome, offline: false };
    } catch (error) {
      if (!isNoAnswer(error)) throw error;
    }
  }
  return { outcome: await decideHere(deps, { eventId, occurrenceId, code, nonce, deviceId }), offline: true };
}

async function rememberOnlineAdmission(
  deps: DoorDeps,
  a: { eventId: string; occurrenceId: string; ticketId: string; nonce: string },
): Promise<void> {
  const at = deps.now().toISOString();
  try {
    await deps.store.rememberAdmission({
      ...a,
      at,
      deviceId: deps.deviceId(),
      source: 'ONLINE',
      syncedAt: at,
    });
  } catch {
    // The admission stands on the server; without local storage the device only forgets it sooner.
  }
}

async function decideHere(
  deps: DoorDeps,
  scan: { eventId: string; occurrenceId: string; code: string; nonce: string; deviceId: string },
): Promise<ScanOutcome> {
  if (!canHashOffline()) throw new DoorUnavailableError(NO_CRYPTO_MESSAGE);
  const list = await deps.store.getList(scan.eventId, scan.occurrenceId).catch(() => undefined);
  if (!list) throw new DoorUnavailableError(NO_LIST_MESSAGE);
  const scannedAt = deps.now().toISOString();
  const codeHash = await hashTicketCode(scan.code);
  const decision = await deps.store.decideAndQueue({ ...scan, codeHash, scannedAt });
  return offlineOutcome(decision, { nonce: scan.nonce, scannedAt });
}

export interface SyncReport {
  /** Scans the server answered (and that left the queue). */
  synced: number;
  conflicts: StoredConflict[];
  /** The network failed on the way: the rest waits for the next try. */
  networkFailed: boolean;
  /** An error answer for some batch (kept queued); its message. */
  error: string | null;
}

/**
 * Sends the queue in scan order, per event and device, in batches the contract allows. Only scans the
 * server answered leave the queue; a batch is safe to send again (the server knows its nonces).
 */
export async function syncQueue(deps: DoorDeps): Promise<SyncReport> {
  const report: SyncReport = { synced: 0, conflicts: [], networkFailed: false, error: null };
  const groups = new Map<string, QueuedScan[]>();
  for (const scan of await deps.store.queuedScans()) {
    const key = JSON.stringify([scan.eventId, scan.deviceId]);
    const group = groups.get(key);
    if (group) group.push(scan);
    else groups.set(key, [scan]);
  }
  for (const scans of groups.values()) {
    const [first] = scans;
    if (!first) continue;
    for (let start = 0; start < scans.length; start += OFFLINE_SYNC_BATCH) {
      const batch = scans.slice(start, start + OFFLINE_SYNC_BATCH);
      let answer: ResultOf<typeof syncOfflineScans>;
      try {
        answer = await deps.calls.syncOfflineScans({
          eventId: first.eventId,
          deviceId: first.deviceId,
          scans: batch.map(({ nonce, code, occurrenceId, scannedAt, localResult }) => ({
            nonce,
            code,
            occurrenceId,
            scannedAt,
            localResult,
          })),
        });
      } catch (error) {
        if (isNoAnswer(error)) return { ...report, networkFailed: true };
        report.error = error instanceof Error ? error.message : 'The scans could not be synced';
        // The rest of this event's queue would meet the same answer; other events may still go.
        break;
      }
      const sent = new Map(batch.map((scan) => [scan.nonce, scan]));
      const answered = answer.outcomes.filter((outcome) => sent.has(outcome.nonce));
      const conflicts = answered
        .filter((outcome) => outcome.conflict)
        .map((outcome) => ({
          eventId: first.eventId,
          occurrenceId: sent.get(outcome.nonce)?.occurrenceId ?? '',
          outcome,
        }));
      await deps.store.settle(
        answered.map((outcome) => outcome.nonce),
        conflicts,
        deps.now().toISOString(),
      );
      report.synced += answered.length;
      report.conflicts.push(...conflicts);
    }
  }
  return report;
}

/** Downloads a date's list and keeps it for offline scanning. */
export async function refreshOfflineList(
  deps: DoorDeps,
  date: { eventId: string; occurrenceId: string },
): Promise<void> {
  const requestedAt = deps.now().toISOString();
  const list = await deps.calls.offlineList(date);
  await deps.store.saveList(list, requestedAt, deps.now().toISOString());
}
