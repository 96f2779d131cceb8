import { type CheckInEvent, SCAN_HISTORY_EXPORT_PATH, type ScanHistoryItem } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_LAYOUT_QUERY } from '../../components/DataTable';
import { STORAGE_KEYS } from '../../lib/storage';
import {
  currentUrl,
  fakeApi,
  profileAnswer,
  profileFixture,
  type RecordedCall,
  renderApp,
} from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const EVENTS = 'GET /api/v1/organizer/check-in-event-list';
const HISTORY = 'GET /api/v1/organizer/get-scan-history';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const DAY_ONE = '11111111-1111-4111-8111-111111111111';
const DAY_TWO = '22222222-2222-4222-8222-222222222222';
const SCANNER = { _id: '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b', name: 'Sam Scanner' };

const event: CheckInEvent = {
  _id: EVENT_ID,
  title: 'Jazz night',
  kind: 'CLASS',
  timeZone: 'Asia/Tokyo',
  status: 'PUBLISHED',
  organization: { _id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', name: 'Blue Note' },
  role: 'SCANNER',
  occurrences: [
    {
      _id: DAY_ONE,
      startsAt: '2026-03-20T10:00:00.000Z',
      endsAt: '2026-03-20T12:00:00.000Z',
      status: 'ACTIVE',
    },
    {
      _id: DAY_TWO,
      startsAt: '2026-03-27T10:00:00.000Z',
      endsAt: '2026-03-27T12:00:00.000Z',
      status: 'ACTIVE',
    },
  ],
  defaultOccurrenceId: DAY_ONE,
};

function item(over: Partial<ScanHistoryItem> = {}): ScanHistoryItem {
  return {
    _id: crypto.randomUUID(),
    // 10:05:09 UTC is 07:05:09 PM in Tokyo, whatever the test machine's zone.
    scannedAt: '2026-03-20T10:05:09.000Z',
    receivedAt: '2026-03-20T10:05:09.000Z',
    result: 'ADMITTED',
    source: 'ONLINE',
    conflict: false,
    occurrence: { _id: DAY_ONE, startsAt: '2026-03-20T10:00:00.000Z' },
    ticket: {
      _id: crypto.randomUUID(),
      attendeeName: 'Edith Clarke',
      buyerName: 'Grace Hopper',
      ticketTypeName: 'Standing',
      bookingCode: 'MQ-7K2F9',
    },
    codeTail: null,
    scanner: SCANNER,
    deviceId: 'Door-7F3K2A',
    ...over,
  };
}

const ok = (result: unknown) => ({ status: 200, body: { message: 'ok', result } });
const page = (items: ScanHistoryItem[]) =>
  ok({ items, total: items.length, page: 1, limit: 25, scanners: [SCANNER], timeZone: 'Asia/Tokyo' });

function api(history: (call: RecordedCall) => { status: number; body: unknown }) {
  return fakeApi({
    [PROFILE]: profileAnswer(profileFixture({ role: 'USER', isOrganizationMember: true })),
    [EVENTS]: ok([event]),
    [HISTORY]: history,
  });
}

const historyCalls = (a: ReturnType<typeof fakeApi>) =>
  a.calls.filter((c) => c.path.endsWith('/get-scan-history')).map((c) => c.query);

const path = `/orders/events/${EVENT_ID}/scan-history`;

beforeEach(() => localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc'));

describe('the scan history screen', () => {
  it('lists scans on the event’s clock with result, conflict, attendee, scanner, device and source', async () => {
    const a = api(() =>
      page([
        item(),
        item({ result: 'ALREADY_SCANNED', source: 'OFFLINE', conflict: true, deviceId: 'Door-BBBBBB' }),
        item({ result: 'NOT_FOUND', ticket: null, codeTail: 'x9Qz', scanner: null, deviceId: null }),
      ]),
    );
    renderApp(path, a);
    expect(await screen.findByRole('heading', { name: 'Scan history' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Scans' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Mar 20, 2026 - 07:05:09 PM');
    expect(rows[0]?.textContent).toContain('Admitted');
    expect(rows[0]?.textContent).toContain('Edith Clarke');
    expect(rows[0]?.textContent).toContain('Standing');
    expect(rows[0]?.textContent).toContain('MQ-7K2F9');
    expect(rows[0]?.textContent).toContain('Sam Scanner');
    expect(rows[0]?.textContent).toContain('Door-7F3K2A');
    expect(rows[0]?.textContent).toContain('Online');
    expect(within(rows[1] as HTMLElement).getByTestId('conflict-badge').textContent).toBe('Conflict');
    expect(rows[1]?.textContent).toContain('Synced from offline');
    expect(rows[2]?.textContent).toContain('Unknown code …x9Qz');
    expect(await screen.findByText(/Jazz night · Blue Note · Times in Asia\/Tokyo/)).toBeTruthy();
    expect(historyCalls(a)[0]).toMatchObject({ eventId: EVENT_ID, page: '1', limit: '25' });
  });

  it('keeps the filters in the URL and sends them with the call', async () => {
    const a = api(() => page([item()]));
    const { router } = renderApp(`${path}?occurrenceId=${DAY_TWO}`, a);
    await screen.findByRole('table', { name: 'Scans' });
    expect(historyCalls(a)[0]).toMatchObject({ occurrenceId: DAY_TWO });

    await userEvent.click(screen.getAllByLabelText('Result')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Already scanned' }));
    await waitFor(() => expect(historyCalls(a).at(-1)).toMatchObject({ result: 'ALREADY_SCANNED' }));

    await userEvent.click(screen.getAllByLabelText('Scanner')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Scanner' }));
    await userEvent.click(screen.getAllByLabelText('Source')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Synced from offline' }));
    await waitFor(() =>
      expect(historyCalls(a).at(-1)).toMatchObject({
        occurrenceId: DAY_TWO,
        result: 'ALREADY_SCANNED',
        scannerId: SCANNER._id,
        source: 'OFFLINE',
      }),
    );
    const url = currentUrl(router);
    expect(url).toContain('result=ALREADY_SCANNED');
    expect(url).toContain(`scannerId=${SCANNER._id}`);
    expect(url).toContain('source=OFFLINE');

    // The window is read on the event's clock: 7:00 PM in Tokyo is 10:00 UTC.
    await userEvent.type(screen.getByLabelText('From'), '2026-03-20T19:00');
    await waitFor(() => expect(historyCalls(a).at(-1)).toMatchObject({ from: '2026-03-20T10:00:00.000Z' }));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(historyCalls(a).at(-1)?.result).toBeUndefined());
    expect(currentUrl(router)).toBe(path);
  });

  it('says "No scans yet" for an event nobody scanned', async () => {
    renderApp(
      path,
      api(() => page([])),
    );
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No scans yet');
  });

  it('says nothing matches when a filter leaves no scans', async () => {
    renderApp(
      `${path}?result=REFUNDED`,
      api(() => page([])),
    );
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Nothing matches these filters');
  });

  it('shows a failed load with its reason and Retry', async () => {
    let fail = true;
    renderApp(
      path,
      api(() => (fail ? { status: 500, body: { message: 'Database unavailable' } } : page([item()]))),
    );
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Edith Clarke')).toBeTruthy();
  });

  it('shows each scan as a card on a phone, its filters folded behind one button', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === CARD_LAYOUT_QUERY,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderApp(
        path,
        api(() => page([item(), item({ conflict: true, result: 'ALREADY_SCANNED' })])),
      );
      const cards = await screen.findAllByTestId('data-card');
      expect(cards).toHaveLength(2);
      expect(cards[1]?.textContent).toContain('Result');
      expect(cards[1]?.textContent).toContain('Conflict');
      expect(cards[0]?.textContent).toContain('Device');
      expect(screen.queryAllByLabelText('Result')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
      expect(screen.getAllByLabelText('Result').length).toBeGreaterThan(0);
    } finally {
      window.matchMedia = original;
    }
  });

  it('exports what the screen shows as CSV or Excel, under the server’s file name', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', text: blob.text() });
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const base = api(() => page([item()]));
    const exports: Record<string, string>[] = [];
    const a = {
      ...base,
      fetch: (async (input, init) => {
        const url = new URL(String(input), 'http://console.test');
        if (url.pathname !== SCAN_HISTORY_EXPORT_PATH) return base.fetch(input, init);
        exports.push(Object.fromEntries(url.searchParams));
        return new Response('Time,Result\n2026,Admitted\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="jazz-night-scans.csv"',
            'x-total-rows': '1',
          },
        });
      }) as typeof fetch,
    };
    renderApp(`${path}?result=ADMITTED&search=ada`, a);
    await screen.findByRole('table', { name: 'Scans' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(saved[0]?.name).toBe('jazz-night-scans.csv'));
    expect(await saved[0]?.text).toContain('Admitted');
    expect(exports[0]).toEqual({ eventId: EVENT_ID, result: 'ADMITTED', search: 'ada', format: 'csv' });
  });

  it('answers an event the caller may not see with not found', async () => {
    renderApp(
      path,
      api(() => ({ status: 404, body: { message: 'Event not found' } })),
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('answers an event id that is none of the caller’s check-in events with not found, without asking for its history', async () => {
    const a = api(() => page([item()]));
    renderApp('/orders/events/not-an-id/scan-history', a);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(historyCalls(a)).toEqual([]);
  });
});
