import { MantineProvider } from '@mantine/core';
import {
  type CheckInAttendee,
  type CheckInCounts,
  type CheckInEvent,
  emptySelectionMessage,
  type ScanOutcome,
} from '@marquee/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import {
  currentUrl,
  fakeApi,
  profileAnswer,
  profileFixture,
  type RecordedCall,
  renderApp,
} from '../../test/render-app';
import { CheckInCountsPanel } from './components/CheckInCountsPanel';
import { NetworkBar } from './components/NetworkBar';
import { RESULT_STYLES } from './components/result-style';
import { ScanResultBanner } from './components/ScanResultBanner';
import type { DoorScanner } from './door';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const EVENTS = 'GET /api/v1/organizer/check-in-event-list';
const COUNTS = 'GET /api/v1/organizer/check-in-counts';
const ATTENDEES = 'GET /api/v1/organizer/check-in-attendee-list';
const SCAN = 'POST /api/v1/organizer/scan-ticket';
const MARK = 'POST /api/v1/organizer/mark-scanned-unscanned-tickets';
const LIVE_PATH = '/api/v1/organizer/check-in-live';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const OTHER_EVENT_ID = '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const DAY_1 = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const DAY_2 = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const TYPE_GA = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const TYPE_VIP = '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c';
const TICKET_A = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const TICKET_B = '8b7a6f5e-4d3c-4b2a-a190-f8e7d6c5b4a3';
const SCAN_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NONCE = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });
const SCANNER = profileFixture({
  role: 'USER',
  organizerRequest: 'NONE',
  isOrganizationMember: true,
  scansOnly: true,
});

// 10:05 UTC is 7:05 PM in Tokyo (no daylight saving there), whatever the test machine's zone.
const DOOR_TIME = '2026-03-04T10:05:00.000Z';

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });

function checkInEvent(over: Partial<CheckInEvent> = {}): CheckInEvent {
  return {
    _id: EVENT_ID,
    title: 'Jazz night',
    kind: 'MULTI',
    timeZone: 'Asia/Tokyo',
    status: 'PUBLISHED',
    organization: { _id: ORG_ID, name: 'Blue Note' },
    role: 'OWNER',
    occurrences: [
      {
        _id: DAY_1,
        startsAt: '2099-03-04T10:00:00.000Z',
        endsAt: '2099-03-04T13:00:00.000Z',
        status: 'SCHEDULED',
      },
      {
        _id: DAY_2,
        startsAt: '2099-03-05T10:00:00.000Z',
        endsAt: '2099-03-05T13:00:00.000Z',
        status: 'SCHEDULED',
      },
    ],
    defaultOccurrenceId: DAY_1,
    ...over,
  };
}

function counts(over: Partial<CheckInCounts> = {}): CheckInCounts {
  return {
    eventId: EVENT_ID,
    occurrenceId: DAY_1,
    checkedIn: 3,
    sold: 40,
    byTicketType: [
      { ticketTypeId: TYPE_GA, name: 'General admission', checkedIn: 2, sold: 30 },
      { ticketTypeId: TYPE_VIP, name: 'VIP', checkedIn: 1, sold: 10 },
    ],
    at: DOOR_TIME,
    ...over,
  };
}

function attendee(ticketId: string, over: Partial<CheckInAttendee> = {}): CheckInAttendee {
  return {
    ticketId,
    attendeeName: 'Katherine Johnson',
    buyerName: 'Katherine Johnson',
    buyerEmail: 'katherine@example.com',
    bookingCode: 'MQ-7K2F9ABC',
    ticketTypeId: TYPE_GA,
    ticketTypeName: 'General admission',
    status: 'VALID',
    checkedInAt: null,
    checkedInBy: null,
    ...over,
  };
}

const TICKET = {
  _id: TICKET_A,
  attendeeName: 'Ada Lovelace',
  buyerName: 'Charles Babbage',
  ticketTypeName: 'General admission',
  bookingCode: 'MQ-7K2F9ABC',
  status: 'VALID' as const,
  occurrence: null,
};

function outcome(over: Partial<ScanOutcome>): ScanOutcome {
  return {
    scanId: SCAN_ID,
    nonce: NONCE,
    result: 'ADMITTED',
    message: 'Admitted: Ada Lovelace, General admission (order MQ-7K2F9ABC).',
    ticket: TICKET,
    previous: null,
    scannedAt: DOOR_TIME,
    replayed: false,
    conflict: false,
    ...over,
  };
}

function api(extra: Parameters<typeof fakeApi>[0] = {}, profile = ORGANIZER) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    [PROFILE]: profileAnswer(profile),
    [EVENTS]: ok([
      checkInEvent(),
      checkInEvent({ _id: OTHER_EVENT_ID, title: 'Poetry slam', defaultOccurrenceId: DAY_2 }),
    ]),
    [COUNTS]: ok(counts()),
    [ATTENDEES]: ok({
      items: [attendee(TICKET_A), attendee(TICKET_B, { attendeeName: 'Alan Turing' })],
      total: 2,
      page: 1,
      limit: 20,
    }),
    ...extra,
  });
}

const callsTo = (calls: RecordedCall[], route: string) => {
  const [method, path] = route.split(' ');
  return calls.filter((c) => c.method === method && c.path === path);
};

const screenPath = `/orders/events/${EVENT_ID}/check-in`;

describe('check-in picker', () => {
  it('lists the events to check in, each with its organization, next date and a way in', async () => {
    renderApp('/orders/check-in', api());
    const cards = await screen.findAllByTestId('check-in-event');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Jazz night' })).toBeTruthy();
    expect(first.getByText('Blue Note')).toBeTruthy();
    // The first date not yet over, on the event's clock (10:00 UTC = 7:00 PM in Tokyo).
    expect(first.getByTestId('check-in-event-date').textContent).toBe('Wed, Mar 4, 2099 · 7:00 PM · 2 dates');
    expect(first.getByRole('link', { name: 'Open check-in' }).getAttribute('href')).toBe(
      `/orders/events/${EVENT_ID}/check-in?date=${DAY_1}`,
    );
  });

  it('opens the only event straight away', async () => {
    const { router } = renderApp('/orders/check-in', api({ [EVENTS]: ok([checkInEvent()]) }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${screenPath}?date=${DAY_1}`));
    expect(await screen.findByRole('heading', { name: 'Jazz night', level: 1 })).toBeTruthy();
  });

  it('says so when there is nothing to check in', async () => {
    renderApp('/orders/check-in', api({ [EVENTS]: ok([]) }));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No events to check in');
  });
});

describe('check-in screen', () => {
  it('shows the date, the counts and the tabs', async () => {
    const a = api();
    renderApp(screenPath, a);
    expect((await screen.findByTestId('checkin-count')).textContent).toBe('3 / 40 checked in');
    expect(screen.getAllByTestId('checkin-count-type').map((n) => n.textContent)).toEqual([
      '2 / 30',
      '1 / 10',
    ]);
    expect((screen.getByRole('combobox', { name: 'Date' }) as HTMLInputElement).value).toBe(
      'Wed, Mar 4, 2099 · 7:00 PM',
    );
    expect(screen.getByRole('tab', { name: 'Scan' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Attendees' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scan history' }).getAttribute('href')).toBe(
      `/orders/events/${EVENT_ID}/scan-history?occurrenceId=${DAY_1}`,
    );
    expect(screen.getByTestId('network-state').textContent).toBe('Online');
    // No live stream here: the figures say when they were read (the event's clock).
    expect(screen.getByTestId('checkin-count-at').textContent).toBe('As of 7:05 PM');
    // The stream is refused here; it retries quietly (the badge says so), with no toast each time.
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('Reconnecting…'));
    expect(document.querySelectorAll('[data-testid="toast"]')).toHaveLength(0);
    expect(screen.getByTestId('sync-queue').textContent).toBe('All synced');
    expect(callsTo(a.calls, COUNTS)[0]?.query).toEqual({ eventId: EVENT_ID, occurrenceId: DAY_1 });
  });

  it('says the counts come back with the network rather than failing, when the door cannot reach the server', async () => {
    const base = api();
    const unreachable = ['/check-in-counts', '/check-in-offline-list', '/check-in-live'];
    const cutOff = {
      calls: base.calls,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (unreachable.some((path) => String(input).includes(path))) throw new TypeError('Failed to fetch');
        return base.fetch(input, init);
      }) as typeof fetch,
    };
    renderApp(screenPath, cutOff);
    await waitFor(() => expect(screen.getByTestId('network-state').textContent).toBe('Offline'));
    expect((await screen.findByTestId('checkin-count-offline')).textContent).toBe(
      'Counts show when the network is back.',
    );
    expect(screen.queryByText('Counts could not be loaded')).toBeNull();
    // The door still takes typed codes.
    expect(screen.getByRole('textbox', { name: 'Ticket code' })).toBeTruthy();
  });

  it('decides typed codes and shows admitted, already scanned and refunded as a reader would see them', async () => {
    const user = userEvent.setup();
    const answers: ScanOutcome[] = [
      outcome({}),
      outcome({
        result: 'ALREADY_SCANNED',
        previous: { at: DOOR_TIME, by: 'Grace Hopper', deviceId: 'Door-1', source: 'ONLINE' },
      }),
      outcome({ result: 'REFUNDED', ticket: { ...TICKET, status: 'REFUNDED' } }),
    ];
    const a = api({ [SCAN]: () => ok(answers.shift(), 'decided') });
    renderApp(screenPath, a);
    const field = await screen.findByRole('textbox', { name: 'Ticket code' });
    expect(screen.getByTestId('scan-idle').textContent).toContain('Ready to scan');

    await user.type(field, 'AbC123xyz{Enter}');
    const banner = await screen.findByTestId('scan-result');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.getAttribute('data-result')).toBe('ADMITTED');
    expect(banner.getAttribute('data-offline')).toBe('false');
    expect(banner.style.background).toBe(RESULT_STYLES.admitted.background);
    expect(within(banner).getByTestId('scan-result-title').textContent).toBe('Admitted');
    expect(within(banner).getByTestId('scan-result-name').textContent).toBe('Ada Lovelace');
    expect(banner.textContent).toContain('General admission · Order MQ-7K2F9ABC');
    // Ready for the next code: empty, and still where the typing goes.
    expect((field as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    const sent = callsTo(a.calls, SCAN)[0]?.body as Record<string, string>;
    expect(sent).toMatchObject({ eventId: EVENT_ID, occurrenceId: DAY_1, code: 'AbC123xyz' });
    expect(sent.nonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.deviceId).toMatch(/^Door-/);

    await user.type(field, 'AbC123xyz{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('scan-result').getAttribute('data-result')).toBe('ALREADY_SCANNED'),
    );
    const again = screen.getByTestId('scan-result');
    expect(within(again).getByTestId('scan-result-title').textContent).toBe('Already scanned');
    expect(within(again).getByTestId('scan-result-previous').textContent).toBe(
      'Scanned at 7:05 PM by Grace Hopper on Door-1',
    );
    expect(again.style.background).toBe(RESULT_STYLES.already.background);
    // Each scan is its own: a fresh nonce every time.
    const nonces = callsTo(a.calls, SCAN).map((c) => (c.body as { nonce: string }).nonce);
    expect(new Set(nonces).size).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Enter a ticket code')).toBeTruthy();
    await user.type(field, 'refunded-one');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(screen.getByTestId('scan-result').getAttribute('data-result')).toBe('REFUNDED'),
    );
    const refused = screen.getByTestId('scan-result');
    expect(within(refused).getByTestId('scan-result-title').textContent).toBe('Refunded ticket');
    expect(refused.style.background).toBe(RESULT_STYLES.refused.background);
    expect(callsTo(a.calls, SCAN)).toHaveLength(3);
  });

  it('says why a code could not be decided when the server does not answer', async () => {
    const user = userEvent.setup();
    renderApp(
      screenPath,
      api({ [SCAN]: { status: 500, body: { message: 'Something went wrong. Please try again.' } } }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Ticket code' }), 'abc{Enter}');
    const failure = await screen.findByTestId('scan-failure');
    expect(failure.textContent).toContain('Not checked');
    expect(failure.textContent).toContain('Something went wrong. Please try again.');
  });

  it('tells the scanner what to do when the camera is refused or missing', async () => {
    const user = userEvent.setup();
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
    renderApp(screenPath, api());
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect((await screen.findByTestId('camera-problem')).textContent).toContain('Camera access was refused');
    // The message says to type the code: the field is ready for it.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ticket code' }));
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({ facingMode: { ideal: 'environment' } }),
      }),
    );

    getUserMedia.mockRejectedValue(new DOMException('none', 'NotFoundError'));
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    await waitFor(() =>
      expect(screen.getByTestId('camera-problem').textContent).toContain(
        'No camera was found on this device',
      ),
    );
  });

  it('gives the focus back to the code field after the camera button, for a handheld scanner', async () => {
    const user = userEvent.setup();
    const track = {
      stop: vi.fn(),
      addEventListener: vi.fn(),
      getSettings: () => ({ deviceId: 'back-camera' }),
      getCapabilities: () => ({}),
    };
    const stream = Object.assign(new MediaStream(), {
      getTracks: () => [track],
      getVideoTracks: () => [track],
    });
    const mediaDevices = {
      getUserMedia: vi.fn().mockResolvedValue(stream),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices }));
    renderApp(screenPath, api());
    const field = await screen.findByRole('textbox', { name: 'Ticket code' });

    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    const stop = await screen.findByRole('button', { name: 'Stop camera' });
    await waitFor(() => expect(document.activeElement).toBe(field));

    await user.click(stop);
    expect(await screen.findByRole('button', { name: 'Start camera' })).toBeTruthy();
    expect(track.stop).toHaveBeenCalled();
    expect(document.activeElement).toBe(field);
  });

  it('on a touch screen leaves the focus on the camera button (the code field would open the keyboard)', async () => {
    const user = userEvent.setup();
    const stream = Object.assign(new MediaStream(), { getTracks: () => [], getVideoTracks: () => [] });
    const mediaDevices = {
      getUserMedia: vi.fn().mockResolvedValue(stream),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices }));
    const fine = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) =>
      query === '(pointer: fine)' ? { ...fine(query), matches: false } : fine(query),
    );
    renderApp(screenPath, api());
    const button = await screen.findByRole('button', { name: 'Start camera' });
    await user.click(button);
    await screen.findByRole('button', { name: 'Stop camera' });
    // The same button, renamed, and still focused.
    expect(document.activeElement).toBe(button);
  });

  it('switches dates from the Date select', async () => {
    const user = userEvent.setup();
    const a = api({
      [COUNTS]: (call) =>
        ok(
          counts({
            occurrenceId: call.query.occurrenceId,
            checkedIn: call.query.occurrenceId === DAY_2 ? 7 : 3,
          }),
        ),
    });
    const { router } = renderApp(screenPath, a);
    expect((await screen.findByTestId('checkin-count')).textContent).toBe('3 / 40 checked in');
    await user.click(screen.getByRole('combobox', { name: 'Date' }));
    await user.click(await screen.findByRole('option', { name: 'Thu, Mar 5, 2099 · 7:00 PM' }));
    await waitFor(() => expect(screen.getByTestId('checkin-count').textContent).toBe('7 / 40 checked in'));
    expect(currentUrl(router)).toBe(`${screenPath}?date=${DAY_2}`);
  });

  it('an event the caller may not check in is not found', async () => {
    renderApp(`/orders/events/${'0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f'}/check-in`, api());
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});

describe('attendees tab', () => {
  it('asks for a selection before marking, then marks the chosen tickets', async () => {
    const user = userEvent.setup();
    const a = api({
      [MARK]: ok({ changed: 1, unchanged: 0, refused: [] }, '1 marked scanned, 0 already scanned.'),
    });
    renderApp(`${screenPath}?tab=attendees`, a);
    expect(await screen.findByText('Alan Turing')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search attendees' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Check-in' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ticket type' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark scanned' }));
    expect(await screen.findByText(emptySelectionMessage('mark scanned'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark not scanned' }));
    expect(await screen.findByText(emptySelectionMessage('mark not scanned'))).toBeTruthy();
    expect(callsTo(a.calls, MARK)).toHaveLength(0);

    const rows = screen.getAllByRole('checkbox', { name: 'Select row' });
    await user.click(rows[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Mark not scanned' }));
    await waitFor(() => expect(callsTo(a.calls, MARK)).toHaveLength(1));
    expect(callsTo(a.calls, MARK)[0]?.body).toMatchObject({
      eventId: EVENT_ID,
      occurrenceId: DAY_1,
      scanned: false,
      ticketIds: [TICKET_B],
    });
    expect(await screen.findByText('1 marked scanned, 0 already scanned.')).toBeTruthy();
  });

  it('shows toasts under the header on a phone, off the door controls in the lower half', async () => {
    const user = userEvent.setup();
    // happy-dom's own handle on the window, to make it a phone's.
    const { happyDOM } = window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    };
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    happyDOM.setViewport({ width: 375, height: 740 });
    try {
      renderApp(`${screenPath}?tab=attendees`, api());
      await user.click(await screen.findByRole('button', { name: 'Mark scanned' }));
      const shown = await screen.findByText(emptySelectionMessage('mark scanned'));
      expect(shown.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
    } finally {
      happyDOM.setViewport(viewport);
    }
  });

  it('checks one person in from their row and filters by check-in', async () => {
    const user = userEvent.setup();
    const a = api({
      [ATTENDEES]: (call) =>
        ok(
          call.query.checkedIn === 'true'
            ? {
                items: [
                  attendee(TICKET_B, {
                    attendeeName: 'Alan Turing',
                    checkedInAt: DOOR_TIME,
                    checkedInBy: 'Grace Hopper',
                  }),
                ],
                total: 1,
                page: 1,
                limit: 20,
              }
            : {
                items: [
                  attendee(TICKET_A),
                  attendee(TICKET_B, { attendeeName: 'Grace Hopper', status: 'REFUNDED' }),
                ],
                total: 2,
                page: 1,
                limit: 20,
              },
        ),
      [MARK]: ok({ changed: 1, unchanged: 0, refused: [] }, '1 marked scanned, 0 already scanned.'),
    });
    renderApp(`${screenPath}?tab=attendees`, a);
    const row = (await screen.findByText('Katherine Johnson')).closest('tr') as HTMLElement;
    // A refunded ticket says so, and has no Check in of its own.
    const refunded = screen.getByText('Grace Hopper').closest('tr') as HTMLElement;
    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    expect(within(refunded).queryByRole('button', { name: 'Check in' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(callsTo(a.calls, MARK)).toHaveLength(1));
    expect(callsTo(a.calls, MARK)[0]?.body).toMatchObject({ scanned: true, ticketIds: [TICKET_A] });

    await user.click(screen.getByRole('combobox', { name: 'Check-in' }));
    await user.click(await screen.findByRole('option', { name: 'Checked in' }));
    expect(await screen.findByText('Checked in 7:05 PM by Grace Hopper')).toBeTruthy();
    expect(callsTo(a.calls, ATTENDEES).at(-1)?.query).toMatchObject({
      checkedIn: 'true',
      occurrenceId: DAY_1,
    });
  });
});

/** A live stream the test writes to: each `send` is one server-sent event. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    send: (message: unknown) => controller?.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`)),
    /** The connection breaks, as a fetch's body does when its call is aborted. */
    cut: () => controller?.error(new DOMException('The call was cancelled', 'AbortError')),
  };
}

describe('live check-in', () => {
  it('takes counts from the stream and lists offline double admissions', async () => {
    const stream = liveStream();
    const base = api();
    let liveCall: { url: string; headers: Headers } | undefined;
    const withLive = {
      calls: base.calls,
      fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        if (!url.startsWith(LIVE_PATH)) return base.fetch(input, init);
        liveCall = { url, headers: new Headers(init.headers) };
        init.signal?.addEventListener('abort', stream.cut);
        return new Response(stream.body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }) as typeof fetch,
    };
    renderApp(screenPath, withLive);
    expect((await screen.findByTestId('checkin-count')).textContent).toBe('3 / 40 checked in');
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('Live'));
    expect(liveCall?.url).toBe(`${LIVE_PATH}?eventId=${EVENT_ID}&occurrenceId=${DAY_1}`);
    expect(liveCall?.headers.get('accesstoken')).toBe('token-abc');

    stream.send({ type: 'counts', counts: counts({ checkedIn: 4 }) });
    await waitFor(() => expect(screen.getByTestId('checkin-count').textContent).toBe('4 / 40 checked in'));

    const conflict = {
      type: 'conflict',
      occurrenceId: DAY_1,
      scanId: SCAN_ID,
      ticket: TICKET,
      deviceId: 'Door-2',
      scannedAt: DOOR_TIME,
      previous: { at: '2026-03-04T10:01:00.000Z', by: 'Grace Hopper', deviceId: 'Door-1', source: 'OFFLINE' },
    };
    stream.send(conflict);
    stream.send(conflict);
    // Another date's conflict is shown too, naming its date.
    stream.send({ ...conflict, occurrenceId: DAY_2, scanId: NONCE, previous: null });
    const alert = await screen.findByTestId('scan-conflicts');
    expect(within(alert).getByText('Admitted twice while offline')).toBeTruthy();
    await waitFor(() => expect(within(alert).getAllByTestId('scan-conflict')).toHaveLength(2));
    expect(
      within(alert)
        .getAllByTestId('scan-conflict')
        .map((item) => item.textContent),
    ).toEqual([
      'Ada Lovelace · General admission · Order MQ-7K2F9ABC: admitted by Door-2 at 7:05 PM and by Door-1 (Grace Hopper) at 7:01 PM.',
      'Ada Lovelace · General admission · Order MQ-7K2F9ABC: admitted by Door-2 at 7:05 PM, on Thu, Mar 5, 2099 · 7:00 PM.',
    ]);
    expect(screen.queryByTestId('checkin-count-at')).toBeNull();

    // The browser says the network is gone: the badge stops saying "Live" at once, and the figures
    // say how old they are.
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe('Reconnecting…'));
    expect(screen.getByTestId('checkin-count-at').textContent).toBe('As of 7:05 PM');
  });
});

describe('scanner-only members', () => {
  it('land on check-in and see only Check-in in the side navigation', async () => {
    const { router } = renderApp('/dashboard', api({}, SCANNER));
    await waitFor(() => expect(currentUrl(router)).toBe('/orders/check-in'));
    expect(await screen.findAllByTestId('check-in-event')).toHaveLength(2);
    const nav = screen.getByLabelText('Main navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Check-in']);
    expect(within(nav).getByTestId('console-role').textContent).toBe('Scanner');
  });

  it('everyone else keeps the dashboard and gains a Check-in entry', async () => {
    const { router } = renderApp('/dashboard', api());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    const links = within(screen.getByLabelText('Main navigation'))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toContain('Orders');
    expect(links.at(-1)).toBe('Check-in');
  });
});

describe('network bar', () => {
  const door = (over: Partial<DoorScanner>): DoorScanner => ({
    scan: vi.fn(),
    syncNow: vi.fn().mockResolvedValue(undefined),
    online: true,
    queued: 0,
    queuedAdmissions: 0,
    lastSyncAt: null,
    offlineReady: true,
    offlineCapable: true,
    conflicts: [],
    syncing: false,
    syncError: null,
    ...over,
  });
  const bar = (over: Partial<DoorScanner>) =>
    render(
      <MantineProvider env="test">
        <NetworkBar door={door(over)} zone="Asia/Tokyo" />
      </MantineProvider>,
    );

  it('says why waiting scans were turned down, and shows a sync running on the button', async () => {
    const user = userEvent.setup();
    const syncNow = vi.fn().mockResolvedValue(undefined);
    const view = bar({
      queued: 2,
      lastSyncAt: DOOR_TIME,
      syncError: 'You may not check in this event.',
      syncNow,
    });
    expect(screen.getByTestId('sync-queue').textContent).toBe('2 waiting to sync');
    expect(screen.getByTestId('last-sync').textContent).toBe('Last sync 7:05 PM');
    expect(screen.getByTestId('sync-error').textContent).toBe('Not synced: You may not check in this event.');
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(syncNow).toHaveBeenCalledOnce();
    view.unmount();

    bar({ queued: 2, syncing: true });
    expect(screen.getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('sync-error')).toBeNull();
  });

  it('says the door works online only on a page that cannot scan offline, and never "Ready offline"', () => {
    const view = bar({});
    expect(screen.getByText('Ready offline')).toBeTruthy();
    expect(screen.queryByTestId('online-only')).toBeNull();
    view.unmount();

    bar({ offlineReady: false, offlineCapable: false });
    expect(screen.getByTestId('online-only').textContent).toBe(
      'Online only: offline scanning needs an https address',
    );
    expect(screen.queryByText('Ready offline')).toBeNull();
  });
});

describe('counts panel', () => {
  it('counts admissions made offline at once, marked as waiting to sync', () => {
    const counts = {
      eventId: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
      occurrenceId: '11111111-1111-4111-8111-111111111111',
      checkedIn: 409,
      sold: 500,
      byTicketType: [],
      at: DOOR_TIME,
    };
    render(
      <MantineProvider env="test">
        <CheckInCountsPanel
          counts={counts}
          live="reconnecting"
          online={false}
          zone="Asia/Tokyo"
          waiting={3}
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('checkin-count').textContent).toBe('412 / 500 checked in');
    expect(screen.getByTestId('checkin-count-waiting').textContent).toBe('3 waiting to sync');
  });
});

describe('result banner', () => {
  it('says an earlier admission made on a device offline was admitted offline, not synced', () => {
    const previous = { at: DOOR_TIME, by: null, deviceId: 'Door-7F3K2A', source: 'OFFLINE' as const };
    render(
      <MantineProvider env="test">
        <ScanResultBanner
          result={{ outcome: outcome({ result: 'ALREADY_SCANNED', previous }), offline: true }}
          failure={null}
          sequence={1}
          zone="Asia/Tokyo"
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('scan-result-previous').textContent).toBe(
      'Scanned at 7:05 PM on Door-7F3K2A (admitted offline)',
    );
  });
});
