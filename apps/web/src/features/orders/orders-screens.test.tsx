import {
  EXPORT_PATH,
  emptySelectionMessage,
  type OrderDetail,
  type OrderSummary,
  type TicketRow,
} from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LIST = 'GET /api/v1/organizer/organizer-booking-list';
const DETAIL = 'GET /api/v1/organizer/organizer-booking-detail';
const EVENT_ORDERS = 'GET /api/v1/organizer/organizer-event-booking-list';
const EVENT_TICKETS = 'GET /api/v1/organizer/organizer-event-booking-ticket-list';
const REGISTERED = 'GET /api/v1/event/event-registered-users';
const VIEW_TICKETS = 'GET /api/v1/organizer/view-ticket-list';
const HEADER = 'GET /api/v1/organizer/partially-event-detail';
const EVENTS = 'GET /api/v1/organizer/panel-organizer-event-list';
const ORGS = 'GET /api/v1/organization/panel-organization-list';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const BOOKING_ID = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const TICKET_A = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const TICKET_B = '8b7a6f5e-4d3c-4b2a-a190-f8e7d6c5b4a3';
const TYPE_ID = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const GROUP_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });

// 10:00 UTC is 7:00 PM in Tokyo (no daylight saving there), whatever the test machine's zone.
const ORDERED = '2026-03-04T10:00:00.000Z';

function order(over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    _id: BOOKING_ID,
    code: 'MQ-7K2F9',
    status: 'CONFIRMED',
    buyer: { name: 'Grace Hopper', email: 'grace@example.com', userId: null },
    event: { _id: EVENT_ID, title: 'Jazz night', kind: 'SINGLE', timeZone: 'Asia/Tokyo' },
    organization: { _id: ORG_ID, name: 'Blue Note' },
    occurrence: { _id: TYPE_ID, startsAt: '2026-03-20T10:00:00.000Z' },
    ticketCount: 2,
    currency: 'USD',
    subtotal: 5000,
    serviceFee: 350,
    total: 5350,
    refunded: 0,
    createdAt: ORDERED,
    confirmedAt: ORDERED,
    ...over,
  };
}

function ticket(id: string, over: Partial<TicketRow> = {}): TicketRow {
  return {
    _id: id,
    bookingId: BOOKING_ID,
    bookingCode: 'MQ-7K2F9',
    ticketTypeName: 'Standing',
    attendeeName: null,
    buyerName: 'Grace Hopper',
    buyerEmail: 'grace@example.com',
    status: 'VALID',
    price: 2500,
    currency: 'USD',
    occurrence: { _id: TYPE_ID, startsAt: '2026-03-20T10:00:00.000Z' },
    scannedAt: null,
    code: `code-${id}`,
    ...over,
  };
}

function detail(over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...order(),
    lines: [{ ticketTypeId: TYPE_ID, name: 'Standing', quantity: 2, unitPrice: 2500, unitFee: 175 }],
    organizerAmount: 5000,
    feePaidBy: 'BUYER',
    payment: { provider: 'sandbox', reference: 'sbx_123', status: 'SUCCEEDED' },
    tickets: [ticket(TICKET_A), ticket(TICKET_B, { scannedAt: '2026-03-20T09:30:00.000Z' })],
    ledger: [
      { account: 'BUYER_PAYMENTS', amount: 5350, kind: 'PAYMENT', groupId: GROUP_ID, createdAt: ORDERED },
      { account: 'PLATFORM_FEES', amount: -350, kind: 'FEE', groupId: GROUP_ID, createdAt: ORDERED },
      { account: 'ORGANIZER_PAYABLE', amount: -5000, kind: 'PAYABLE', groupId: GROUP_ID, createdAt: ORDERED },
    ],
    timeline: [
      { at: ORDERED, kind: 'HELD', detail: null },
      { at: ORDERED, kind: 'CONFIRMED', detail: null },
    ],
    holdExpiresAt: null,
    ...over,
  };
}

const header = {
  _id: EVENT_ID,
  kind: 'SINGLE',
  title: 'Jazz night',
  image: null,
  status: 'PUBLISHED',
  visibility: 'PUBLIC',
  startsAt: '2026-03-20T10:00:00.000Z',
  endsAt: '2026-03-20T13:00:00.000Z',
  timeZone: 'Asia/Tokyo',
  locationType: 'VENUE',
  venueName: 'Blue Note Tokyo',
  organization: { _id: ORG_ID, name: 'Blue Note', currency: 'USD' },
  myRole: 'OWNER',
  isBlocked: false,
  isVerified: false,
  isReported: false,
  isArchived: false,
};

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, limit: 10 });

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    [PROFILE]: profileAnswer(ORGANIZER),
    [LIST]: page([order()]),
    [DETAIL]: ok(detail()),
    [EVENT_ORDERS]: page([order()]),
    [EVENT_TICKETS]: page([ticket(TICKET_A)]),
    [REGISTERED]: page([
      {
        email: 'grace@example.com',
        name: 'Grace Hopper',
        userId: null,
        bookings: 1,
        tickets: 2,
        lastBookedAt: ORDERED,
      },
    ]),
    [VIEW_TICKETS]: ok([ticket(TICKET_A), ticket(TICKET_B)]),
    [HEADER]: ok(header),
    [EVENTS]: page([]),
    [ORGS]: page([]),
    // The order details' Refunds section; its own screens are tested in refunds/.
    'GET /api/v1/organizer/organizer-tickets-for-refund': { status: 503, body: { message: 'Not here' } },
    ...extra,
  });
}

const callsTo = (a: ReturnType<typeof fakeApi>, key: string) =>
  a.calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.query);

describe('orders list', () => {
  it('asks for the orders with the search, filters, dates and sort from the URL', async () => {
    const a = api();
    const { router } = renderApp(
      `/orders?search=grace&status=CONFIRMED&organizationId=${ORG_ID}&eventId=${EVENT_ID}&from=2026-03-01&to=2026-03-31&sort=-total`,
      a,
    );
    expect(await screen.findByRole('link', { name: 'MQ-7K2F9' })).toBeTruthy();
    expect(callsTo(a, LIST)[0]).toEqual({
      page: '1',
      limit: '10',
      search: 'grace',
      sort: '-total',
      status: 'CONFIRMED',
      organizationId: ORG_ID,
      eventId: EVENT_ID,
      from: '2026-03-01',
      to: '2026-03-31',
    });

    await userEvent.click(screen.getAllByLabelText('Filter by status')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Awaiting payment' }));
    await waitFor(() => expect(callsTo(a, LIST).at(-1)).toMatchObject({ status: 'HELD', search: 'grace' }));
    expect(currentUrl(router)).toContain('status=HELD');
  });

  it("shows each order's date in its event's zone, its total and its status in words", async () => {
    renderApp('/orders', api());
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(table).findByText('4/Mar/26-07:00 PM')).toBeTruthy();
    expect(within(table).getByText(/^Asia\/Tokyo \(GMT\+9\)$/)).toBeTruthy();
    expect(within(table).getByText('$53.50')).toBeTruthy();
    expect(within(table).getByText('Confirmed')).toBeTruthy();
    expect(within(table).getByText('grace@example.com')).toBeTruthy();
  });

  it('says nothing is selected for export and view tickets, and opens the chosen orders otherwise', async () => {
    const { router } = renderApp('/orders', api());
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(emptySelectionMessage('export'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'View tickets' }));
    expect(await screen.findByText(emptySelectionMessage('view ticket'))).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'View tickets' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/${BOOKING_ID}/tickets`));
    expect(await screen.findAllByTestId('ticket-qr')).toHaveLength(2);
  });

  it('shows the failure with Retry instead of an empty list', async () => {
    let fail = true;
    const a = api({
      [LIST]: () => (fail ? { status: 500, body: { message: 'Database unavailable' } } : page([order()])),
    });
    renderApp('/orders', a);
    expect(await screen.findByText('Orders could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'MQ-7K2F9' })).toBeTruthy();
  });

  it('has the orders, events and refund requests tabs', async () => {
    renderApp('/orders', api());
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Orders',
      'Events',
      'Refund requests',
    ]);
  });
});

describe('order details', () => {
  it('shows the totals, the ledger with its sums balancing, and the tickets with their scanned state', async () => {
    renderApp(`/orders/${BOOKING_ID}`, api());
    expect(await screen.findByRole('heading', { name: 'Order MQ-7K2F9' })).toBeTruthy();
    const totals = screen.getByTestId('order-totals');
    expect(within(totals).getByText('Subtotal').nextSibling?.textContent).toBe('$50.00');
    expect(within(totals).getByText('Service fee (paid by the buyer)').nextSibling?.textContent).toBe(
      '$3.50',
    );
    expect(within(totals).getByText('Total').nextSibling?.textContent).toBe('$53.50');
    expect(within(totals).getByText('Organizer receives').nextSibling?.textContent).toBe('$50.00');

    const lines = screen.getByRole('table', { name: 'Order lines' });
    expect(within(lines).getByText('$1.75')).toBeTruthy();
    expect(within(lines).getByText('$53.50')).toBeTruthy();

    expect(screen.getByTestId('ledger-debits').textContent).toBe('$53.50');
    expect(screen.getByTestId('ledger-credits').textContent).toBe('$53.50');
    expect(screen.getByTestId('ledger-balance').textContent).toBe('Balanced: debits equal credits');
    const ledger = screen.getByRole('table', { name: 'Ledger lines' });
    expect(within(ledger).getByText('Platform fees')).toBeTruthy();

    const tickets = screen.getByRole('table', { name: 'Tickets' });
    expect(within(tickets).getByText('Not scanned')).toBeTruthy();
    expect(within(tickets).getByText('Scanned 20/Mar/26-06:30 PM')).toBeTruthy();
    expect(screen.getByText('sbx_123')).toBeTruthy();
    expect(screen.getByText('Order confirmed')).toBeTruthy();
  });

  it('shows an absorbed fee on its own line: the line totals add up to the charge', async () => {
    // 2 × $35.00 absorbed: the buyer paid $70.00, the organization gives $3.74 of it to the platform.
    const absorbed = detail({
      subtotal: 7000,
      serviceFee: 374,
      total: 7000,
      organizerAmount: 6626,
      feePaidBy: 'ABSORBED',
      lines: [{ ticketTypeId: TYPE_ID, name: 'Stalls', quantity: 2, unitPrice: 3500, unitFee: 187 }],
    });
    renderApp(`/orders/${BOOKING_ID}`, api({ [DETAIL]: ok(absorbed) }));
    const lines = await screen.findByRole('table', { name: 'Order lines' });
    expect(within(lines).queryByText('Unit fee')).toBeNull();
    expect(within(lines).getAllByText('$70.00')).toHaveLength(1);
    expect(within(lines).queryByText('$73.74')).toBeNull();
    const totals = screen.getByTestId('order-totals');
    expect(within(totals).getByText('Total').nextSibling?.textContent).toBe('$70.00');
    expect(
      within(totals).getByText('Service fee (absorbed by the organization)').nextSibling?.textContent,
    ).toBe('-$3.74');
    expect(within(totals).queryByText('Service fee (paid by the buyer)')).toBeNull();
    expect(within(totals).getByText('Organizer receives').nextSibling?.textContent).toBe('$66.26');
  });

  it('flags a ledger that does not sum to zero', async () => {
    const d = detail();
    const unbalanced = detail({ ledger: [...d.ledger.slice(0, 2)] });
    renderApp(`/orders/${BOOKING_ID}`, api({ [DETAIL]: ok(unbalanced) }));
    expect((await screen.findByTestId('ledger-balance')).textContent).toBe('Out of balance by $50.00');
  });

  it('opens only the chosen tickets, and asks for a choice first', async () => {
    const a = api();
    const { router } = renderApp(`/orders/${BOOKING_ID}`, a);
    const tickets = await screen.findByRole('table', { name: 'Tickets' });
    const ticketBar = tickets.closest('.mantine-Paper-root') as HTMLElement;
    await userEvent.click(within(ticketBar).getByRole('button', { name: 'View tickets' }));
    expect(await screen.findByText(emptySelectionMessage('view ticket'))).toBeTruthy();
    await userEvent.click(within(tickets).getAllByRole('checkbox', { name: 'Select row' })[1] as HTMLElement);
    await userEvent.click(within(ticketBar).getByRole('button', { name: 'View tickets' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/orders/${BOOKING_ID}/tickets?ticketIds=${TICKET_B}`),
    );
    await waitFor(() =>
      expect(callsTo(a, VIEW_TICKETS).at(-1)).toEqual({ eventId: EVENT_ID, ticketIds: TICKET_B }),
    );
  });

  it('shows the loading state, never the previous order, while another order loads', async () => {
    const OTHER_ID = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = api({
      [DETAIL]: (call) =>
        ok(call.query.bookingId === OTHER_ID ? detail({ _id: OTHER_ID, code: 'MQ-OTHER' }) : detail()),
    });
    // The other order's answer waits until the test has looked at the screen.
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes(`bookingId=${OTHER_ID}`)) await held;
      return a.fetch(input, init);
    };
    const { router } = renderApp(`/orders/${BOOKING_ID}`, { ...a, fetch });
    expect(await screen.findByRole('heading', { name: 'Order MQ-7K2F9' })).toBeTruthy();

    await router.navigate(`/orders/${OTHER_ID}`);
    expect(await screen.findByRole('status', { name: 'Loading the order' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order MQ-7K2F9' })).toBeNull();

    release();
    expect(await screen.findByRole('heading', { name: 'Order MQ-OTHER' })).toBeTruthy();
  });

  it('shows an order it cannot see as not found', async () => {
    renderApp(
      `/orders/${BOOKING_ID}`,
      api({ [DETAIL]: { status: 404, body: { message: 'Order not found' } } }),
    );
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});

describe('resend tickets', () => {
  const RESEND = 'POST /api/v1/organizer/resend-order-tickets';

  it('asks first, naming the address, is busy while sending, then says the tickets are on their way', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const a = api({
      [RESEND]: ok(
        { bookingId: BOOKING_ID, queuedAt: ORDERED },
        "The tickets are on their way to the buyer's email address.",
      ),
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes('resend-order-tickets')) await held;
      return a.fetch(input, init);
    };
    renderApp(`/orders/${BOOKING_ID}`, { ...a, fetch });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend tickets' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/grace@example\.com again\?/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Resend tickets' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    release();
    expect(
      await screen.findByText("The tickets are on their way to the buyer's email address."),
    ).toBeTruthy();
    expect(a.calls.filter((c) => `${c.method} ${c.path}` === RESEND).map((c) => c.body)).toEqual([
      { bookingId: BOOKING_ID },
    ]);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Resend tickets' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
  });

  it('shows the refusal when the order was resent too often, with when to try again', async () => {
    const message =
      'The tickets of this order were emailed 3 times in the last hour. Try again in 12 minutes.';
    const a = api({ [RESEND]: { status: 429, body: { message } } });
    renderApp(`/orders/${BOOKING_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend tickets' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers no resend for an order that is not confirmed', async () => {
    renderApp(`/orders/${BOOKING_ID}`, api({ [DETAIL]: ok(detail({ status: 'HELD' })) }));
    expect(await screen.findByRole('heading', { name: 'Order MQ-7K2F9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend tickets' })).toBeNull();
  });
});

describe('event orders', () => {
  it('lists the orders of the event, its tickets and the people who booked, each in its tab', async () => {
    const a = api();
    const { router } = renderApp(`/orders/events/${EVENT_ID}`, a);
    expect(await screen.findByRole('heading', { name: 'Orders of Jazz night' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'MQ-7K2F9' })).toBeTruthy();
    expect(callsTo(a, EVENT_ORDERS)[0]).toMatchObject({ eventId: EVENT_ID, page: '1' });

    await userEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    const tickets = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(tickets).getByText('grace@example.com · MQ-7K2F9')).toBeTruthy();
    expect(callsTo(a, EVENT_TICKETS)[0]).toMatchObject({ eventId: EVENT_ID });
    expect(currentUrl(router)).toBe(`/orders/events/${EVENT_ID}?tab=tickets`);

    await userEvent.click(screen.getByRole('tab', { name: 'Registered people' }));
    const people = await screen.findByRole('table', { name: 'Registered people' });
    expect(within(people).getByText('Grace Hopper')).toBeTruthy();
    expect(callsTo(a, REGISTERED)[0]).toMatchObject({ eventId: EVENT_ID });
  });
});

describe('event attendees', () => {
  it('lists one row per ticket with its check-in state, and links back to the event and its orders', async () => {
    const a = api({
      'GET /api/v1/organizer/event-attendees-list': page([
        { ...ticket(TICKET_A), checkedIn: false },
        { ...ticket(TICKET_B, { scannedAt: '2026-03-20T09:30:00.000Z' }), checkedIn: true },
      ]),
    });
    renderApp(`/event-management/${EVENT_ID}/attendees?scanned=true`, a);
    const table = await screen.findByRole('table', { name: 'Attendees' });
    expect(await within(table).findByText('Not checked in')).toBeTruthy();
    expect(within(table).getByText('Checked in')).toBeTruthy();
    expect(within(table).getByText('20/Mar/26-06:30 PM')).toBeTruthy();
    expect(callsTo(a, 'GET /api/v1/organizer/event-attendees-list')[0]).toMatchObject({
      eventId: EVENT_ID,
      scanned: 'true',
    });
    expect(screen.getByRole('link', { name: 'Back to the event' }).getAttribute('href')).toBe(
      `/event-management/${EVENT_ID}`,
    );
    expect(
      within(screen.getByTestId('page-header')).getByRole('link', { name: 'Orders' }).getAttribute('href'),
    ).toBe(`/orders/events/${EVENT_ID}`);
  });
});

describe('export', () => {
  const encoder = new TextEncoder();
  let saved: { name: string; text: Promise<string> }[] = [];

  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs; the saved file is read back from the Blob handed to it.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', text: blob.text() });
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  /** The API answering the export with a CSV whose rows arrive when the test releases them. */
  function streamingApi() {
    const base = api();
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    const exportCalls: Record<string, string>[] = [];
    let cancelled = false;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname !== EXPORT_PATH) return base.fetch(input, init);
      exportCalls.push(Object.fromEntries(url.searchParams));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
          close = () => controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="jazz-night-orders.csv"',
          'x-total-rows': '4',
        },
      });
    };
    return {
      api: { fetch, calls: base.calls },
      push: (text: string) => push(text),
      close: () => close(),
      exportCalls,
      cancelled: () => cancelled,
    };
  }

  it("shows the rows read against the server's count, then saves the file under its name", async () => {
    const s = streamingApi();
    renderApp(`/orders/events/${EVENT_ID}?status=CONFIRMED`, s.api);
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Orders as CSV' }));
    await waitFor(() =>
      expect(s.exportCalls[0]).toEqual({
        kind: 'orders',
        format: 'csv',
        eventId: EVENT_ID,
        status: 'CONFIRMED',
      }),
    );
    s.push('code,buyer\nMQ-1,Ada\nMQ-2,Grace\n');
    expect(await screen.findByText('2 of 4 rows')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    s.push('MQ-3,Alan\nMQ-4,Edsger\n');
    expect(await screen.findByText('4 of 4 rows')).toBeTruthy();
    s.close();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('jazz-night-orders.csv');
    expect(await saved[0]?.text).toBe('code,buyer\nMQ-1,Ada\nMQ-2,Grace\nMQ-3,Alan\nMQ-4,Edsger\n');
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
  });

  it('stops the transfer on Cancel and saves nothing', async () => {
    const s = streamingApi();
    renderApp(`/orders/events/${EVENT_ID}`, s.api);
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Orders as CSV' }));
    s.push('code,buyer\nMQ-1,Ada\n');
    expect(await screen.findByText('1 of 4 rows')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('export-progress')).toBeNull());
    await waitFor(() => expect(s.cancelled()).toBe(true));
    expect(saved).toHaveLength(0);
  });

  it('exports the selected orders only', async () => {
    const s = streamingApi();
    renderApp('/orders', s.api);
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(s.exportCalls[0]).toEqual({ kind: 'orders', format: 'xlsx', bookingIds: BOOKING_ID }),
    );
  });
});
