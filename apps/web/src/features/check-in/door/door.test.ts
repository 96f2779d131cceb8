import 'fake-indexeddb/auto';
import { OFFLINE_SYNC_BATCH, type OfflineTicket } from '@marquee/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { STORAGE_KEYS } from '../../../lib/storage';
import { getDeviceId, newDeviceId } from './device-id';
import {
  type DoorDeps,
  DoorUnavailableError,
  NO_LIST_MESSAGE,
  refreshOfflineList,
  scanAtDoor,
  syncQueue,
} from './door-client';
import { type FakeTicket, fakeDoorServer } from './fake-door-server';
import { decideOffline, hashTicketCode, type LocalAdmission } from './local-decision';
import { readWithOfflineCopy } from './offline-reads';
import { DoorStore } from './offline-store';

const EVENT = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const TODAY = '11111111-1111-4111-8111-111111111111';
const TOMORROW = '22222222-2222-4222-8222-222222222222';

const TICKETS: FakeTicket[] = [
  {
    ticketId: 'a0000000-0000-4000-8000-000000000001',
    code: 'CODE-ADA',
    status: 'VALID',
    occurrenceId: TODAY,
    attendeeName: 'Ada',
  },
  {
    ticketId: 'a0000000-0000-4000-8000-000000000002',
    code: 'CODE-BOB',
    status: 'VALID',
    occurrenceId: TODAY,
    attendeeName: 'Bob',
  },
  {
    ticketId: 'a0000000-0000-4000-8000-000000000003',
    code: 'CODE-REF',
    status: 'REFUNDED',
    occurrenceId: TODAY,
    attendeeName: 'Rae',
  },
  {
    ticketId: 'a0000000-0000-4000-8000-000000000004',
    code: 'CODE-CAN',
    status: 'CANCELLED',
    occurrenceId: TODAY,
    attendeeName: 'Cy',
  },
  {
    ticketId: 'a0000000-0000-4000-8000-000000000005',
    code: 'CODE-TMR',
    status: 'VALID',
    occurrenceId: TOMORROW,
    attendeeName: 'Tom',
  },
  {
    ticketId: 'a0000000-0000-4000-8000-000000000006',
    code: 'CODE-CRS',
    status: 'VALID',
    occurrenceId: null,
    attendeeName: 'Cora',
  },
];

let dbCount = 0;

function world(deviceId = 'Door-AAAAAA') {
  const server = fakeDoorServer(EVENT, TICKETS);
  const store = new DoorStore(`door-test-${++dbCount}`);
  const deps: DoorDeps = {
    store,
    calls: server.calls,
    deviceId: () => deviceId,
    now: () => new Date(),
    newNonce: () => crypto.randomUUID(),
  };
  const scan = (code: string, tryNetwork = true) =>
    scanAtDoor(deps, { eventId: EVENT, occurrenceId: TODAY, code, tryNetwork });
  return { server, store, deps, scan };
}

function offlineTicket(over: Partial<OfflineTicket> = {}): OfflineTicket {
  return {
    codeHash: 'h',
    ticketId: 'a0000000-0000-4000-8000-000000000001',
    status: 'VALID',
    attendeeName: 'Ada',
    buyerName: 'Grace',
    ticketTypeName: 'General',
    bookingCode: 'MQ-1',
    occurrenceId: TODAY,
    occurrenceStartsAt: null,
    admittedAt: null,
    admission: null,
    ...over,
  };
}

describe('the offline decision', () => {
  const decide = (ticket: OfflineTicket | undefined, own?: LocalAdmission) =>
    decideOffline({ ticket, occurrenceId: TODAY, ownAdmission: own });
  const own: LocalAdmission = {
    eventId: EVENT,
    occurrenceId: TODAY,
    ticketId: 'a0000000-0000-4000-8000-000000000001',
    nonce: crypto.randomUUID(),
    at: '2026-03-20T10:00:00.000Z',
    deviceId: 'Door-AAAAAA',
    source: 'OFFLINE',
    syncedAt: null,
  };

  it('follows the server: not on the list, refunded, cancelled, another date, in already, admitted', () => {
    expect(decide(undefined).result).toBe('NOT_FOUND');
    expect(decide(offlineTicket({ status: 'REFUNDED' })).result).toBe('REFUNDED');
    expect(decide(offlineTicket({ status: 'CANCELLED', admittedAt: '2026-03-20T09:00:00Z' })).result).toBe(
      'CANCELLED',
    );
    expect(decide(offlineTicket({ occurrenceId: TOMORROW })).result).toBe('WRONG_DATE');
    expect(decide(offlineTicket({ occurrenceId: null })).result).toBe('ADMITTED');
    expect(decide(offlineTicket()).result).toBe('ADMITTED');
  });

  it('says already scanned from the list (with who, when the server sends it) or from its own admission', () => {
    const fromList = decide(offlineTicket({ admittedAt: '2026-03-20T09:00:00Z' }));
    expect(fromList).toMatchObject({ result: 'ALREADY_SCANNED', previous: { at: '2026-03-20T09:00:00Z' } });
    const admission = {
      at: '2026-03-20T09:00:00Z',
      by: 'Sam',
      deviceId: 'Door-BBBBBB',
      source: 'ONLINE' as const,
    };
    expect(decide(offlineTicket({ admittedAt: admission.at, admission })).previous).toEqual(admission);
    expect(decide(offlineTicket(), own)).toMatchObject({
      result: 'ALREADY_SCANNED',
      previous: { at: own.at, deviceId: 'Door-AAAAAA', source: 'OFFLINE' },
    });
  });

  it('hashes codes as SHA-256 hex, as the list carries them', async () => {
    expect(await hashTicketCode('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('the device id', () => {
  beforeEach(() => localStorage.clear());

  it('is made once, readable, and kept', () => {
    const first = getDeviceId();
    expect(first).toMatch(/^Door-[2-9A-HJ-NP-Z]{6}$/);
    expect(getDeviceId()).toBe(first);
    expect(localStorage.getItem(STORAGE_KEYS.doorDeviceId)).toBe(first);
  });

  it('uses letters people cannot misread', () => {
    expect(newDeviceId(() => new Uint8Array([0, 1, 30, 31, 255, 8]))).toBe('Door-23YZZA');
  });
});

describe('scanning at the door', () => {
  it('online: the server decides, with a fresh nonce and the device id', async () => {
    const { scan, server } = world();
    const first = await scan('CODE-ADA');
    const second = await scan('CODE-ADA');
    expect(first).toMatchObject({ offline: false, outcome: { result: 'ADMITTED' } });
    expect(second).toMatchObject({ offline: false, outcome: { result: 'ALREADY_SCANNED' } });
    expect(first.outcome.nonce).not.toBe(second.outcome.nonce);
    expect(server.log.filter((l) => l.call === 'scanTicket')).toHaveLength(2);
  });

  it('with no network and no list, says so instead of guessing', async () => {
    const { scan } = world();
    await expect(scan('CODE-ADA', false)).rejects.toThrow(DoorUnavailableError);
    await expect(scan('CODE-ADA', false)).rejects.toThrow(NO_LIST_MESSAGE);
  });

  it('offline: decides from the list and the device’s own admissions, and queues every scan', async () => {
    const { scan, store, deps } = world();
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    const results = [];
    for (const code of ['CODE-ADA', 'CODE-ADA', 'CODE-REF', 'CODE-CAN', 'CODE-TMR', 'CODE-CRS', 'NOPE']) {
      results.push(await scan(code, false));
    }
    expect(results.map((r) => r.outcome.result)).toEqual([
      'ADMITTED',
      'ALREADY_SCANNED',
      'REFUNDED',
      'CANCELLED',
      'WRONG_DATE',
      'ADMITTED',
      'NOT_FOUND',
    ]);
    expect(results.every((r) => r.offline)).toBe(true);
    const [admitted, again] = results;
    expect(admitted?.outcome).toMatchObject({
      scanId: admitted?.outcome.nonce,
      ticket: { attendeeName: 'Ada' },
    });
    expect(again?.outcome.previous).toMatchObject({
      at: admitted?.outcome.scannedAt,
      deviceId: 'Door-AAAAAA',
    });
    const queue = await store.queuedScans();
    expect(queue.map((q) => q.localResult)).toEqual(results.map((r) => r.outcome.result));
    expect(queue[0]).toMatchObject({ eventId: EVENT, occurrenceId: TODAY, code: 'CODE-ADA' });
  });

  it('falls back to the list when the call gets no answer, under the same nonce; error answers are thrown', async () => {
    const { scan, store, deps, server } = world();
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    server.setDown(true);
    const result = await scan('CODE-BOB');
    expect(result).toMatchObject({ offline: true, outcome: { result: 'ADMITTED' } });
    expect((await store.queuedScans()).map((q) => q.nonce)).toEqual([result.outcome.nonce]);

    server.setDown(false);
    const refused = world();
    refused.deps.calls = {
      ...refused.server.calls,
      scanTicket: async () => {
        throw new HttpError('response', 404, 'Event not found');
      },
    };
    await refreshOfflineList(refused.deps, { eventId: EVENT, occurrenceId: TODAY });
    await expect(refused.scan('CODE-BOB')).rejects.toThrow('Event not found');
    expect(await refused.store.queueSize()).toBe(0);
  });

  it('remembers online admissions, so a network drop right after cannot let the ticket in again', async () => {
    const { scan, deps } = world();
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    await scan('CODE-ADA');
    expect((await scan('CODE-ADA', false)).outcome.result).toBe('ALREADY_SCANNED');
  });

  it('keeps the queue across a reload (a new store on the same database)', async () => {
    const { scan, deps } = world();
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    await scan('CODE-ADA', false);
    const reloaded = new DoorStore(`door-test-${dbCount}`);
    expect(await reloaded.queueSize()).toBe(1);
    expect(await reloaded.getList(EVENT, TODAY)).toMatchObject({ count: TICKETS.length });
  });
});

describe('syncing the queue', () => {
  async function offlineWorld(codes: string[]) {
    const w = world();
    await refreshOfflineList(w.deps, { eventId: EVENT, occurrenceId: TODAY });
    for (const code of codes) await w.scan(code, false);
    return w;
  }

  it('sends the queue in scan order and empties it; a replay admits nothing twice', async () => {
    const { deps, store, server } = await offlineWorld(['CODE-ADA', 'CODE-BOB', 'CODE-ADA']);
    const queue = await store.queuedScans();
    const report = await syncQueue(deps);
    expect(report).toMatchObject({ synced: 3, networkFailed: false, error: null, conflicts: [] });
    expect(await store.queueSize()).toBe(0);
    expect(await store.lastSyncAt()).not.toBeNull();
    expect(server.isAdmitted(TICKETS[0]?.ticketId ?? '', TODAY)).toBe(true);

    // The same scans again (a device that lost the answer): the server answers from the nonces.
    const replay = await server.calls.syncOfflineScans({
      eventId: EVENT,
      deviceId: 'Door-AAAAAA',
      scans: queue,
    });
    expect(replay.outcomes.every((o) => o.replayed)).toBe(true);
    expect(replay.outcomes.map((o) => o.result)).toEqual(['ADMITTED', 'ADMITTED', 'ALREADY_SCANNED']);
  });

  it('removes only the scans the server answered', async () => {
    const { deps, store, server } = await offlineWorld(['CODE-ADA', 'CODE-BOB', 'CODE-CRS']);
    const [, , last] = await store.queuedScans();
    server.answerOnlyNext(2);
    expect((await syncQueue(deps)).synced).toBe(2);
    expect((await store.queuedScans()).map((q) => q.nonce)).toEqual([last?.nonce]);
    expect((await syncQueue(deps)).synced).toBe(1);
    expect(await store.queueSize()).toBe(0);
  });

  it('keeps everything when the network fails, and batches by the contract’s size', async () => {
    const { deps, store, server } = await offlineWorld([]);
    const many = Array.from({ length: OFFLINE_SYNC_BATCH + 5 }, (_, i) => `NOPE-${i}`);
    for (const code of many) {
      await scanAtDoor(deps, { eventId: EVENT, occurrenceId: TODAY, code, tryNetwork: false });
    }
    server.setDown(true);
    expect(await syncQueue(deps)).toMatchObject({ synced: 0, networkFailed: true });
    expect(await store.queueSize()).toBe(many.length);
    server.setDown(false);
    expect((await syncQueue(deps)).synced).toBe(many.length);
    expect(server.log.filter((l) => l.call === 'syncOfflineScans').map((l) => l.size)).toEqual([
      OFFLINE_SYNC_BATCH, // the failed attempt
      OFFLINE_SYNC_BATCH,
      5,
    ]);
  });

  it('keeps a refused batch queued with the server’s words', async () => {
    const { deps, store } = await offlineWorld(['CODE-ADA']);
    deps.calls = {
      ...deps.calls,
      syncOfflineScans: async () => {
        throw new HttpError('response', 404, 'Event not found');
      },
    };
    expect(await syncQueue(deps)).toMatchObject({
      synced: 0,
      error: 'Event not found',
      networkFailed: false,
    });
    expect(await store.queueSize()).toBe(1);
  });

  it('keeps the conflicts: a ticket two devices let in while offline', async () => {
    const { deps, store, server } = await offlineWorld(['CODE-ADA', 'CODE-BOB']);
    server.admitElsewhere(TICKETS[0]?.ticketId ?? '', TODAY);
    const report = await syncQueue(deps);
    expect(report.synced).toBe(2);
    expect(report.conflicts).toHaveLength(1);
    const kept = await store.conflictsOf(EVENT, TODAY);
    expect(kept.map((c) => [c.outcome.result, c.outcome.conflict, c.outcome.ticket?.attendeeName])).toEqual([
      ['ALREADY_SCANNED', true, 'Ada'],
    ]);
    expect(await store.conflictsOf(EVENT, TOMORROW)).toEqual([]);
    expect(server.isAdmitted(TICKETS[0]?.ticketId ?? '', TODAY)).toBe(true);
  });

  it('forgets own admissions the next list already holds, and keeps newer ones', async () => {
    const { deps, store, scan } = await offlineWorld(['CODE-ADA']);
    await syncQueue(deps);
    // Refreshed after the sync: Ada is in the list as admitted, the own record is dropped.
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    await scan('CODE-BOB', false); // queued, not synced: must survive the next refresh
    deps.calls = {
      ...deps.calls,
      // A list read before Bob's scan reached the server does not know of it.
      offlineList: async (q) => {
        const list = await fakeDoorServer(EVENT, TICKETS).calls.offlineList(q);
        return { ...list, tickets: list.tickets.map((t) => ({ ...t, admittedAt: null })) };
      },
    };
    await refreshOfflineList(deps, { eventId: EVENT, occurrenceId: TODAY });
    expect((await scan('CODE-BOB', false)).outcome.result).toBe('ALREADY_SCANNED');
    expect((await scan('CODE-ADA', false)).outcome.result).toBe('ADMITTED');
    expect(await store.queueSize()).toBe(3);
  });
});

describe('reads the door screen needs offline', () => {
  it('keep their last answer for when the network gives none, and never hide an error answer', async () => {
    const key = ['check-in', 'events', { include: 'current' }];
    expect(await readWithOfflineCopy(key, async () => ['Jazz night'])).toEqual(['Jazz night']);
    // Kept in the background: give IndexedDB its turn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const offline = async () => {
      throw new HttpError('offline', 0, 'No Internet Connection');
    };
    expect(await readWithOfflineCopy(key, offline)).toEqual(['Jazz night']);
    await expect(readWithOfflineCopy(['never', 'read'], offline)).rejects.toThrow('No Internet Connection');
    await expect(
      readWithOfflineCopy(key, async () => {
        throw new HttpError('response', 404, 'Event not found');
      }),
    ).rejects.toThrow('Event not found');
  });
});
