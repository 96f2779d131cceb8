import type { checkInOfflineList, OfflineTicket, ResultOf, ScanOutcome, ScanResult } from '@marquee/contract';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { decideOffline, type LocalAdmission, type LocalDecision } from './local-decision';

/**
 * What the door keeps in IndexedDB so it can go on scanning with no network, and so a reload loses
 * nothing: per date (event + occurrence) the ticket list (codes only as SHA-256), the device's own
 * admissions, the queue of scans waiting for the server, and the conflicts the server reported.
 */
const DOOR_DB_NAME = 'marquee-door';
const DB_VERSION = 1;

export interface QueuedScan {
  nonce: string;
  eventId: string;
  occurrenceId: string;
  /** The code as scanned: the server decides again from it at sync. */
  code: string;
  scannedAt: string;
  localResult: ScanResult;
  deviceId: string;
}

/** A downloaded list of one date (its tickets are kept apart, one record each). */
export interface StoredList {
  eventId: string;
  occurrenceId: string;
  generatedAt: string;
  savedAt: string;
  count: number;
}

export interface StoredConflict {
  eventId: string;
  occurrenceId: string;
  outcome: ScanOutcome;
}

type DateKey = [eventId: string, occurrenceId: string];
type ItemKey = [eventId: string, occurrenceId: string, id: string];

interface DoorDb extends DBSchema {
  lists: { key: DateKey; value: StoredList };
  /** Key: [event, date, code hash]. */
  tickets: { key: ItemKey; value: OfflineTicket };
  /** Key: [event, date, ticket id]: at most one own admission per ticket and date. */
  admissions: { key: ItemKey; value: LocalAdmission; indexes: { byNonce: string } };
  /** Key: an increasing number, so the queue reads back in scan order (times can tie). */
  queue: { key: number; value: QueuedScan; indexes: { byNonce: string } };
  /** Key: the scan id of the server's outcome. */
  conflicts: { key: string; value: StoredConflict; indexes: { byDate: DateKey } };
  meta: { key: string; value: string };
  /** Key: a read's query key as JSON: the last answer of reads the door screen needs offline. */
  snapshots: { key: string; value: { value: unknown } };
}

const LAST_SYNC_KEY = 'lastSyncAt';

/** Every key of one date: arrays sort after strings, so [e, o, []] is above any [e, o, '…']. */
function dateRange(eventId: string, occurrenceId: string): IDBKeyRange {
  return IDBKeyRange.bound([eventId, occurrenceId], [eventId, occurrenceId, []]);
}

export class DoorStore {
  private opening: Promise<IDBPDatabase<DoorDb>> | null = null;

  constructor(private readonly name: string = DOOR_DB_NAME) {}

  private db(): Promise<IDBPDatabase<DoorDb>> {
    this.opening ??= openDB<DoorDb>(this.name, DB_VERSION, {
      upgrade(db) {
        db.createObjectStore('lists', { keyPath: ['eventId', 'occurrenceId'] });
        db.createObjectStore('tickets');
        db.createObjectStore('admissions').createIndex('byNonce', 'nonce', { unique: true });
        db.createObjectStore('queue', { autoIncrement: true }).createIndex('byNonce', 'nonce', {
          unique: true,
        });
        db.createObjectStore('conflicts').createIndex('byDate', ['eventId', 'occurrenceId']);
        db.createObjectStore('meta');
        db.createObjectStore('snapshots');
      },
      // A newer console in another tab wants to upgrade the database: let it, and reopen next time.
      blocking: () => {
        void this.opening?.then((db) => db.close());
        this.opening = null;
      },
    }).catch((error: unknown) => {
      this.opening = null;
      throw error;
    });
    return this.opening;
  }

  /**
   * Replaces a date's list. The device's own admissions the server already knew of before the list was
   * asked for (`requestedAt`) are in the list now, so they are forgotten; newer ones stay.
   */
  async saveList(
    list: ResultOf<typeof checkInOfflineList>,
    requestedAt: string,
    savedAt: string,
  ): Promise<void> {
    const { eventId, occurrenceId } = list;
    const db = await this.db();
    const tx = db.transaction(['lists', 'tickets', 'admissions'], 'readwrite');
    const tickets = tx.objectStore('tickets');
    const writes: Promise<unknown>[] = [tickets.delete(dateRange(eventId, occurrenceId))];
    for (const ticket of list.tickets)
      writes.push(tickets.put(ticket, [eventId, occurrenceId, ticket.codeHash]));
    writes.push(
      tx.objectStore('lists').put({
        eventId,
        occurrenceId,
        generatedAt: list.generatedAt,
        savedAt,
        count: list.tickets.length,
      }),
    );
    let cursor = await tx.objectStore('admissions').openCursor(dateRange(eventId, occurrenceId));
    while (cursor) {
      const { syncedAt } = cursor.value;
      // At or before: `syncedAt` is stamped once the server's answer has come, and the list is asked for
      // after that, so the same millisecond still means the server knew (a fast device does both in one).
      if (syncedAt !== null && syncedAt <= requestedAt) writes.push(cursor.delete());
      cursor = await cursor.continue();
    }
    await Promise.all([...writes, tx.done]);
  }

  async getList(eventId: string, occurrenceId: string): Promise<StoredList | undefined> {
    return (await this.db()).get('lists', [eventId, occurrenceId]);
  }

  /**
   * Decides a scan from the list and queues it, in one transaction: two quick scans of one code cannot
   * both read "not admitted yet" (IndexedDB runs overlapping read-write transactions one after another).
   */
  async decideAndQueue(scan: Omit<QueuedScan, 'localResult'> & { codeHash: string }): Promise<LocalDecision> {
    const { eventId, occurrenceId } = scan;
    const db = await this.db();
    const tx = db.transaction(['tickets', 'admissions', 'queue'], 'readwrite');
    const ticket = await tx.objectStore('tickets').get([eventId, occurrenceId, scan.codeHash]);
    const own = ticket
      ? await tx.objectStore('admissions').get([eventId, occurrenceId, ticket.ticketId])
      : undefined;
    const decision = decideOffline({ ticket, occurrenceId, ownAdmission: own });
    const writes: Promise<unknown>[] = [];
    if (decision.result === 'ADMITTED' && ticket) {
      const admission: LocalAdmission = {
        eventId,
        occurrenceId,
        ticketId: ticket.ticketId,
        nonce: scan.nonce,
        at: scan.scannedAt,
        deviceId: scan.deviceId,
        source: 'OFFLINE',
        syncedAt: null,
      };
      writes.push(tx.objectStore('admissions').put(admission, [eventId, occurrenceId, ticket.ticketId]));
    }
    const { codeHash: _hash, ...queued } = scan;
    writes.push(tx.objectStore('queue').put({ ...queued, localResult: decision.result }));
    await Promise.all([...writes, tx.done]);
    return decision;
  }

  /** An admission made online: remembered so a network drop right after cannot admit the ticket again. */
  async rememberAdmission(admission: LocalAdmission): Promise<void> {
    const db = await this.db();
    await db.put('admissions', admission, [admission.eventId, admission.occurrenceId, admission.ticketId]);
  }

  /** The queue in scan order (the server decides a batch in the order it is sent). */
  async queuedScans(): Promise<QueuedScan[]> {
    return (await this.db()).getAll('queue');
  }

  async queueSize(): Promise<number> {
    return (await this.db()).count('queue');
  }

  /**
   * The server answered these scans at `at`: they leave the queue, their admissions are known, conflicts
   * are kept, and `at` is the last sync.
   */
  async settle(answered: readonly string[], conflicts: readonly StoredConflict[], at: string): Promise<void> {
    const db = await this.db();
    const tx = db.transaction(['queue', 'admissions', 'conflicts', 'meta'], 'readwrite');
    const writes: Promise<unknown>[] = [tx.objectStore('meta').put(at, LAST_SYNC_KEY)];
    const queue = tx.objectStore('queue');
    const admissions = tx.objectStore('admissions').index('byNonce');
    for (const nonce of answered) {
      const key = await queue.index('byNonce').getKey(nonce);
      if (key !== undefined) writes.push(queue.delete(key));
      const cursor = await admissions.openCursor(nonce);
      if (cursor) writes.push(cursor.update({ ...cursor.value, syncedAt: at }));
    }
    for (const conflict of conflicts) {
      writes.push(tx.objectStore('conflicts').put(conflict, conflict.outcome.scanId));
    }
    await Promise.all([...writes, tx.done]);
  }

  async conflictsOf(eventId: string, occurrenceId: string): Promise<StoredConflict[]> {
    const db = await this.db();
    const found = await db.getAllFromIndex('conflicts', 'byDate', [eventId, occurrenceId]);
    return found.sort(
      (a, b) =>
        a.outcome.scannedAt.localeCompare(b.outcome.scannedAt) ||
        a.outcome.scanId.localeCompare(b.outcome.scanId),
    );
  }

  async keepSnapshot(key: string, value: unknown): Promise<void> {
    await (await this.db()).put('snapshots', { value }, key);
  }

  async snapshot(key: string): Promise<{ value: unknown } | undefined> {
    return (await this.db()).get('snapshots', key);
  }

  async lastSyncAt(): Promise<string | null> {
    return (await (await this.db()).get('meta', LAST_SYNC_KEY)) ?? null;
  }
}
