import { luminance } from '@mantine/core';
import type { ScanOutcome } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { consoleRoleOf } from '../auth';
import { createRepeatGuard, REPEAT_WINDOW_MS } from './camera/repeat-guard';
import { RESULT_STYLES } from './components/result-style';
import { type DoorConflict, mergeConflicts } from './live/conflicts';
import { readLiveStream } from './live/read-live-stream';
import { retryDelay } from './live/use-check-in-live';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const DAY_1 = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const SCAN_A = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SCAN_B = '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('repeat guard', () => {
  it('reads a code held in view once, then again only after the window; another code at once', () => {
    let now = 0;
    const guard = createRepeatGuard(REPEAT_WINDOW_MS, () => now);
    expect(guard.accept('A')).toBe(true);
    now = 100;
    expect(guard.accept('A')).toBe(false);
    now = 2_999;
    expect(guard.accept('A')).toBe(false);
    now = 3_000;
    expect(guard.accept('A')).toBe(true);
    now = 3_050;
    expect(guard.accept('B')).toBe(true);
    expect(guard.accept('A')).toBe(true);
    guard.reset();
    expect(guard.accept('A')).toBe(true);
  });
});

describe('live stream', () => {
  function streamOf(chunks: string[]) {
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }

  it('hands on each message, across chunk boundaries, and skips what it does not understand', async () => {
    const counts = {
      type: 'counts',
      counts: { eventId: EVENT_ID, occurrenceId: DAY_1, checkedIn: 1, sold: 2, byTicketType: [], at: 'now' },
    };
    const changed = { type: 'tickets-changed', occurrenceId: DAY_1, ticketIds: [] };
    const text = `: hello\n\ndata: ${JSON.stringify(counts)}\n\ndata: not json\n\ndata: {"type":"unknown"}\n\ndata: ${JSON.stringify(changed)}\n\n`;
    const cut = Math.floor(text.length / 2);
    const seen: unknown[] = [];
    await readLiveStream(streamOf([text.slice(0, 7), text.slice(7, cut), text.slice(cut)]), (m) =>
      seen.push(m),
    );
    expect(seen).toEqual([counts, changed]);
  });

  it('waits longer after each failed attempt, up to 30 seconds', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(retryDelay(0, () => 0)).toBe(500);
  });
});

describe('conflicts', () => {
  const own = {
    scanId: SCAN_A,
    nonce: SCAN_A,
    result: 'ALREADY_SCANNED',
    message: '',
    ticket: null,
    previous: null,
    scannedAt: '2026-03-04T10:05:00.000Z',
    replayed: false,
    conflict: true,
  } satisfies ScanOutcome;
  const live: DoorConflict = {
    occurrenceId: DAY_1,
    scanId: SCAN_B,
    ticket: null,
    deviceId: 'Door-2',
    scannedAt: '2026-03-04T10:01:00.000Z',
    previous: null,
  };

  it("lists the stream's and this device's conflicts once each, oldest first", () => {
    expect(mergeConflicts([live], [own], 'Door-1', DAY_1).map((c) => [c.scanId, c.deviceId])).toEqual([
      [SCAN_B, 'Door-2'],
      [SCAN_A, 'Door-1'],
    ]);
    // This device's conflict also comes back through the stream: shown once, as the server names it.
    const echoed = { ...live, scanId: SCAN_A, deviceId: 'Door-1 (server)', scannedAt: own.scannedAt };
    expect(mergeConflicts([echoed], [own], 'Door-1', DAY_1)).toEqual([echoed]);
  });
});

describe('result banner colours', () => {
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  it('reach WCAG AA for all their text', () => {
    for (const style of Object.values(RESULT_STYLES)) {
      expect(contrast(style.background, style.color)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('console role', () => {
  const base = { role: 'USER' as const, organizerRequest: 'NONE' as const, isOrganizationMember: true };
  it('names scanner-only members, and only them', () => {
    expect(consoleRoleOf({ ...base, scansOnly: true })).toBe('SCANNER');
    expect(consoleRoleOf({ ...base, scansOnly: false })).toBe('MEMBER');
    expect(consoleRoleOf(base)).toBe('MEMBER');
    expect(consoleRoleOf({ ...base, organizerRequest: 'APPROVED', scansOnly: true })).toBe('ORGANIZER');
  });
});
