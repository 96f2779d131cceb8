import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DoorSessionDeps } from './door-session';
import { type FakeTicket, fakeDoorServer } from './fake-door-server';
import { DoorStore } from './offline-store';
import { useDoorScanner } from './use-door-scanner';

const EVENT = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const TODAY = '11111111-1111-4111-8111-111111111111';
const TICKETS: FakeTicket[] = ['ADA', 'BOB', 'CY'].map((name, i) => ({
  ticketId: `a0000000-0000-4000-8000-00000000000${i + 1}`,
  code: `CODE-${name}`,
  status: 'VALID',
  occurrenceId: TODAY,
  attendeeName: name,
}));

let dbCount = 0;

function setUp() {
  const server = fakeDoorServer(EVENT, TICKETS);
  const network = { browser: true };
  const deps: DoorSessionDeps = {
    store: new DoorStore(`door-hook-${++dbCount}`),
    calls: server.calls,
    deviceId: () => 'Door-AAAAAA',
    now: () => new Date(),
    newNonce: () => crypto.randomUUID(),
    browserOnline: () => network.browser,
    syncIntervalMs: 40,
  };
  const hook = renderHook(() => useDoorScanner({ eventId: EVENT, occurrenceId: TODAY }, deps));
  const goOffline = () =>
    act(() => {
      network.browser = false;
      window.dispatchEvent(new Event('offline'));
    });
  const goOnline = () =>
    act(() => {
      network.browser = true;
      window.dispatchEvent(new Event('online'));
    });
  return { server, hook, goOffline, goOnline };
}

describe('useDoorScanner', () => {
  it('downloads the date’s list on opening, queues offline scans and syncs them when the network returns', async () => {
    const { server, hook, goOffline, goOnline } = setUp();
    await waitFor(() => expect(hook.result.current.offlineReady).toBe(true));
    expect(hook.result.current).toMatchObject({ online: true, queued: 0, lastSyncAt: null });

    goOffline();
    expect(hook.result.current.online).toBe(false);
    const results = [];
    for (const code of ['CODE-ADA', 'CODE-BOB', 'CODE-ADA']) {
      results.push(await act(() => hook.result.current.scan(code)));
    }
    expect(results.map((r) => [r.offline, r.outcome.result])).toEqual([
      [true, 'ADMITTED'],
      [true, 'ADMITTED'],
      [true, 'ALREADY_SCANNED'],
    ]);
    expect(server.log.some((l) => l.call === 'scanTicket')).toBe(false);
    await waitFor(() => expect(hook.result.current.queued).toBe(3));
    // Two of them admitted people: the door counts them before the sync.
    expect(hook.result.current.queuedAdmissions).toBe(2);

    goOnline();
    await waitFor(() => expect(hook.result.current.queued).toBe(0));
    expect(hook.result.current.queuedAdmissions).toBe(0);
    expect(hook.result.current.online).toBe(true);
    expect(hook.result.current.lastSyncAt).not.toBeNull();
    expect(hook.result.current.conflicts).toEqual([]);
    expect(server.isAdmitted(TICKETS[0]?.ticketId ?? '', TODAY)).toBe(true);
  });

  it('goes offline when a scan gets no answer, and comes back by itself (probe, then sync)', async () => {
    const { server, hook } = setUp();
    await waitFor(() => expect(hook.result.current.offlineReady).toBe(true));
    server.setDown(true);
    const result = await act(() => hook.result.current.scan('CODE-CY'));
    expect(result).toMatchObject({ offline: true, outcome: { result: 'ADMITTED' } });
    expect(hook.result.current.online).toBe(false);
    // Later scans do not wait for a network that just failed.
    await act(() => hook.result.current.scan('CODE-BOB'));
    expect(server.log.filter((l) => l.call === 'scanTicket')).toHaveLength(1);

    server.setDown(false);
    await waitFor(() => expect(hook.result.current.queued).toBe(0));
    expect(hook.result.current.online).toBe(true);
    expect(server.log.some((l) => l.call === 'probe')).toBe(true);
  });

  it('shows the conflicts the server reports for this date', async () => {
    const { server, hook, goOffline, goOnline } = setUp();
    await waitFor(() => expect(hook.result.current.offlineReady).toBe(true));
    goOffline();
    await act(() => hook.result.current.scan('CODE-ADA'));
    server.admitElsewhere(TICKETS[0]?.ticketId ?? '', TODAY);
    goOnline();
    await waitFor(() => expect(hook.result.current.conflicts).toHaveLength(1));
    expect(hook.result.current.conflicts[0]).toMatchObject({
      result: 'ALREADY_SCANNED',
      conflict: true,
      previous: { deviceId: 'Door-OTHER1' },
    });
  });

  it('on a plain-http page (no WebCrypto) admits online, never downloads the list or claims to be ready offline, and says why it cannot decide offline', async () => {
    const real = globalThis.crypto;
    // What a browser gives a page on an http address other than localhost: random bytes, no `subtle`.
    vi.stubGlobal('crypto', {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes),
      randomUUID: () => real.randomUUID(),
    });
    const { server, hook, goOffline } = setUp();
    expect(hook.result.current.offlineCapable).toBe(false);
    const online = await act(() => hook.result.current.scan('CODE-ADA'));
    expect(online).toMatchObject({ offline: false, outcome: { result: 'ADMITTED' } });
    expect(hook.result.current.offlineReady).toBe(false);
    // The date's list, which it could not use, is never downloaded.
    await act(() => hook.result.current.syncNow());
    expect(server.log.filter((l) => l.call !== 'scanTicket')).toEqual([]);

    goOffline();
    await expect(act(() => hook.result.current.scan('CODE-BOB'))).rejects.toThrow(
      'No network, and this browser cannot check tickets offline (the console must be opened over HTTPS).',
    );
    expect(hook.result.current.queued).toBe(0);
  });

  it('syncs on demand, and online scans go to the server', async () => {
    const { server, hook } = setUp();
    await waitFor(() => expect(hook.result.current.offlineReady).toBe(true));
    const result = await act(() => hook.result.current.scan('CODE-ADA'));
    expect(result).toMatchObject({ offline: false, outcome: { result: 'ADMITTED' } });
    await act(() => hook.result.current.syncNow());
    expect(hook.result.current.queued).toBe(0);
    expect(server.log.filter((l) => l.call === 'scanTicket')).toHaveLength(1);
  });
});
