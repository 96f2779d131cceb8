import type { BuyerBooking, PublicEvent } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { STORAGE_KEYS } from '../../lib/storage';
import { publicEventFixture, publicTicketType } from '../../test/public-event-fixtures';
import { currentUrl, fakeApi, type RecordedCall, renderApp } from '../../test/render-app';

const DETAIL = 'GET /api/v1/booking/public-event-detail';
const CREATE = 'POST /api/v1/booking/create-booking';
const GET_BOOKING = 'GET /api/v1/booking/get-booking';
const CANCEL = 'POST /api/v1/booking/cancel-booking';
const RESEND = 'POST /api/v1/booking/resend-booking-tickets';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const OCC_A = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const OCC_B = '6f5e4d3c-2b1a-4f0e-9d8c-7b6a5f4e3d2c';
const GENERAL = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const VIP = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BOOKING_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const SLUG = 'jazz-night';

// 23:00–02:00 UTC is 7:00 PM – 10:00 PM in New York in July (GMT-4), and the next morning in Tokyo,
// where the test's browser is.
const STARTS = '2026-07-10T23:00:00.000Z';
const ENDS = '2026-07-11T02:00:00.000Z';

const ticketType = publicTicketType;

/** The shared fixture with this page's description and venue address. */
function publicEvent(over: Partial<PublicEvent> = {}): PublicEvent {
  return publicEventFixture({
    description: 'An evening of jazz.',
    location: {
      type: 'VENUE',
      venueName: 'Blue Note NYC',
      address: '131 W 3rd St, New York',
      latitude: null,
      longitude: null,
      onlineUrl: null,
    },
    ...over,
  });
}

function booking(over: Partial<BuyerBooking> = {}): BuyerBooking {
  return {
    _id: BOOKING_ID,
    code: 'MQ-7K2P9X',
    accessToken: TOKEN,
    status: 'CONFIRMED',
    event: {
      _id: EVENT_ID,
      slug: SLUG,
      title: 'Jazz night',
      timeZone: 'America/New_York',
      startsAt: STARTS,
      endsAt: ENDS,
      venueName: 'Blue Note NYC',
      address: '131 W 3rd St, New York',
      onlineUrl: null,
      organizationName: 'Blue Note Presents',
    },
    occurrence: null,
    dates: [{ startsAt: STARTS, endsAt: ENDS }],
    buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
    lines: [{ ticketTypeId: GENERAL, name: 'General', quantity: 2, unitPrice: 0, unitFee: 0 }],
    currency: 'USD',
    subtotal: 0,
    serviceFee: 0,
    total: 0,
    holdExpiresAt: null,
    payment: null,
    tickets: [0, 1].map((n) => ({
      _id: `0${n}a2b3c4-5e6f-4a7b-8c9d-0e1f2a3b4c5d`,
      ticketTypeName: 'General',
      attendeeName: null,
      code: `code-${n}-AbCdEfGhIjKlMnOpQrStUv`,
      status: 'VALID' as const,
      occurrence: null,
    })),
    confirmedAt: '2026-06-01T10:00:00.000Z',
    createdAt: '2026-06-01T10:00:00.000Z',
    ...over,
  };
}

const ok = (result: unknown) => ({ status: 200, body: { message: 'OK', result } });

const line = (typeId = GENERAL) => screen.getByTestId(`ticket-line-${typeId}`);
const more = (name = 'General') => screen.getByRole('button', { name: `More ${name} tickets` });

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
}

describe('public event page', () => {
  const originalTz = process.env.TZ;
  // The browser is in Tokyo; the event is in New York: every time shown must be New York's.
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('shows the event with its times in the event zone, saying which, without the console chrome or a session', async () => {
    const api = fakeApi({ [DETAIL]: ok(publicEvent()) });
    const { router } = renderApp(`/e/${SLUG}`, api);
    expect(await screen.findByRole('heading', { name: 'Jazz night', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('event-when').textContent).toBe('Fri, Jul 10, 2026 · 7:00 PM – 10:00 PM');
    expect(screen.getByTestId('event-zone').textContent).toBe('Times in America/New_York (GMT-4)');
    expect(screen.getByText('Blue Note NYC')).toBeTruthy();
    expect(screen.getByText('$26.50')).toBeTruthy();
    expect(screen.getByText('$25.00 + $1.50 service fee')).toBeTruthy();
    expect(screen.getByText('50 left')).toBeTruthy();
    // No session asked for, no navigation of the console.
    expect(currentUrl(router)).toBe(`/e/${SLUG}`);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/v1/user/get-user-detail');
    expect(api.calls[0]?.query).toEqual({ event: SLUG });
  });

  it('keeps quantities within the type’s minimum and maximum, what is left and the per-order maximum', async () => {
    const user = userEvent.setup();
    const event = publicEvent({
      maxTicketsPerOrder: 5,
      ticketTypes: [
        ticketType({ minPerOrder: 2, maxPerOrder: 4 }),
        ticketType({ _id: VIP, name: 'VIP', price: 9000, buyerFee: 0, buyerPays: 9000 }),
      ],
      occurrences: [
        {
          _id: OCC_A,
          startsAt: STARTS,
          endsAt: ENDS,
          salesState: 'ON_SALE',
          remaining: { [GENERAL]: 50, [VIP]: 3 },
        },
      ],
    });
    renderApp(`/e/${SLUG}`, fakeApi({ [DETAIL]: ok(event) }));
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    const quantity = (id: string) => screen.getByTestId(`quantity-${id}`).textContent;
    const fewer = screen.getByRole('button', { name: 'Fewer General tickets' }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(true);
    await user.click(more());
    expect(quantity(GENERAL)).toBe('2'); // straight to the minimum
    await user.click(more());
    await user.click(more());
    expect(quantity(GENERAL)).toBe('4');
    expect((more() as HTMLButtonElement).disabled).toBe(true); // the type's maximum
    await user.click(more('VIP'));
    expect(quantity(VIP)).toBe('1');
    expect((more('VIP') as HTMLButtonElement).disabled).toBe(true); // 4 + 1 = the order's maximum of 5
    await user.click(fewer);
    await user.click(fewer);
    expect(quantity(GENERAL)).toBe('2');
    await user.click(fewer);
    expect(quantity(GENERAL)).toBe('0'); // below the minimum means none
    await user.click(more('VIP'));
    await user.click(more('VIP'));
    expect(quantity(VIP)).toBe('3');
    expect((more('VIP') as HTMLButtonElement).disabled).toBe(true); // only 3 left
    expect(screen.getByTestId('checkout-total').textContent).toBe('$270.00');
  });

  it('sends an idempotency key and reuses it when retrying after a network failure', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const held = booking({
      status: 'HELD',
      tickets: [],
      total: 5300,
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      payment: {
        provider: 'sandbox',
        redirectUrl: '/api/v1/payment/sandbox/checkout/abc',
        clientSecret: null,
      },
    });
    const api = fakeApi({ [DETAIL]: ok(publicEvent()), [CREATE]: ok(held) });
    const sent: RecordedCall[] = [];
    let failNext = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes('create-booking')) {
        sent.push({
          method: 'POST',
          path: '',
          query: {},
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body: JSON.parse(String(init?.body)),
        });
        if (failNext) {
          failNext = false;
          throw new TypeError('Failed to fetch');
        }
      }
      return api.fetch(input, init);
    };
    renderApp(`/e/${SLUG}`, { fetch, calls: api.calls });
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    await user.click(more());
    await user.click(more());
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    const failure = await screen.findByTestId('checkout-network-error');
    // Nothing typed is lost.
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/payment/sandbox/checkout/abc'));
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toEqual({
      eventId: EVENT_ID,
      lines: [{ ticketTypeId: GENERAL, quantity: 2 }],
      buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
      returnPath: `/e/${SLUG}/return`,
    });
    // The return page finds the booking this tab was paying for.
    expect(JSON.parse(window.sessionStorage.getItem('marquee.pendingBooking') ?? '{}')).toEqual({
      event: SLUG,
      bookingId: BOOKING_ID,
      token: TOKEN,
    });
  });

  it('a new attempt after the server answered gets a new key', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = fakeApi({
      [DETAIL]: ok(publicEvent()),
      [CREATE]: () => {
        calls += 1;
        return calls === 1
          ? {
              status: 400,
              body: {
                message: 'Invalid',
                errors: [{ field: 'buyer.email', message: 'Enter a valid email address' }],
              },
            }
          : ok(booking());
      },
    });
    renderApp(`/e/${SLUG}`, api);
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    await user.click(more());
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    await screen.findByTestId('booking-confirmed');
    const keys = api.calls
      .filter((c) => c.path.endsWith('create-booking'))
      .map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a free booking confirms at once and shows one QR code per ticket', async () => {
    const user = userEvent.setup();
    const free = publicEvent({
      fromPrice: 0,
      ticketTypes: [ticketType({ pricing: 'FREE', price: 0, buyerFee: 0, buyerPays: 0 })],
    });
    const api = fakeApi({ [DETAIL]: ok(free), [CREATE]: ok(booking()) });
    const { router } = renderApp(`/e/${SLUG}`, api);
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    await user.click(more());
    await user.click(more());
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Get tickets' }));
    expect(await screen.findByTestId('booking-confirmed')).toBeTruthy();
    expect(currentUrl(router)).toBe(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`);
    expect(screen.getByTestId('order-code').textContent).toBe('MQ-7K2P9X');
    const codes = screen.getAllByTestId('ticket-qr');
    expect(codes).toHaveLength(2);
    expect(codes[0]?.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('button', { name: 'Print tickets' })).toBeTruthy();
    // Answered by the create call: no second read was needed to show the tickets.
    expect(api.calls.filter((c) => c.path.endsWith('get-booking'))).toHaveLength(0);
  });

  it('a signed-in buyer books as themselves: their session is sent and no guest details are asked', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    localStorage.setItem(STORAGE_KEYS.email, 'buyer@example.com');
    const api = fakeApi({ [DETAIL]: ok(publicEvent()), [CREATE]: ok(booking()) });
    renderApp(`/e/${SLUG}`, api);
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    expect(screen.getByTestId('signed-in-buyer').textContent).toBe('Booking as buyer@example.com');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    await user.click(more());
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    await screen.findByTestId('booking-confirmed');
    const create = api.calls.find((c) => c.path.endsWith('create-booking'));
    expect(create?.headers.accesstoken).toBe('token-abc');
    expect(create?.body).not.toHaveProperty('buyer');
  });

  it('puts a sold-out refusal on its ticket type and keeps everything typed', async () => {
    const user = userEvent.setup();
    const event = publicEvent({
      ticketTypes: [ticketType({ _id: VIP, name: 'VIP' }), ticketType()],
      occurrences: [
        {
          _id: OCC_A,
          startsAt: STARTS,
          endsAt: ENDS,
          salesState: 'ON_SALE',
          remaining: { [GENERAL]: 5, [VIP]: 5 },
        },
      ],
    });
    const api = fakeApi({
      [DETAIL]: ok(event),
      // Only General is sent, so it is the request's line 0.
      [CREATE]: {
        status: 409,
        body: {
          message: 'Only 1 General tickets are left.',
          errors: [{ field: 'lines.0.quantity', message: 'Only 1 General tickets are left.' }],
        },
      },
    });
    renderApp(`/e/${SLUG}`, api);
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    await user.click(more());
    await user.click(more());
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    const onLine = await within(line(GENERAL)).findByText('Only 1 General tickets are left.');
    expect(onLine.getAttribute('role')).toBe('alert');
    expect(within(line(VIP)).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId(`quantity-${GENERAL}`).textContent).toBe('2');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Grace Hopper');
    // What is left is read again.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.endsWith('public-event-detail'))).toHaveLength(2),
    );
  });

  it('asks for a date among several and for attendee names, and sends them', async () => {
    const user = userEvent.setup();
    const event = publicEvent({
      kind: 'MULTI',
      attendeeNames: true,
      occurrences: [
        { _id: OCC_A, startsAt: STARTS, endsAt: ENDS, salesState: 'SOLD_OUT', remaining: { [GENERAL]: 0 } },
        {
          _id: OCC_B,
          startsAt: '2026-07-17T23:00:00.000Z',
          endsAt: '2026-07-18T02:00:00.000Z',
          salesState: 'ON_SALE',
          remaining: { [GENERAL]: 9 },
        },
      ],
    });
    const api = fakeApi({ [DETAIL]: ok(event), [CREATE]: ok(booking()) });
    renderApp(`/e/${SLUG}`, api);
    await screen.findByRole('heading', { name: 'Jazz night', level: 1 });
    // The first date on sale is chosen; the sold-out one says so and cannot be picked.
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.getByTestId('event-when').textContent).toBe('Fri, Jul 17, 2026 · 7:00 PM – 10:00 PM');
    await user.click(more());
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    expect(await screen.findByText("Enter the attendee's name")).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('create-booking'))).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Attendee 1 name' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Reserve and pay' }));
    await screen.findByTestId('booking-confirmed');
    const body = api.calls.find((c) => c.path.endsWith('create-booking'))?.body;
    expect(body).toMatchObject({
      occurrenceId: OCC_B,
      lines: [{ ticketTypeId: GENERAL, quantity: 1, attendees: ['Ada Lovelace'] }],
    });
  });

  it('sales that have ended say so, with no way to reserve', async () => {
    renderApp(`/e/${SLUG}`, fakeApi({ [DETAIL]: ok(publicEvent({ salesState: 'ENDED' })) }));
    expect((await screen.findByTestId('sales-closed')).textContent).toContain('Sales have ended');
    expect(screen.queryByRole('button', { name: 'Reserve and pay' })).toBeNull();
  });

  it('a cancelled event says so', async () => {
    renderApp(
      `/e/${SLUG}`,
      fakeApi({ [DETAIL]: ok(publicEvent({ status: 'CANCELLED', salesState: 'CANCELLED' })) }),
    );
    expect((await screen.findByTestId('sales-closed')).textContent).toContain('This event is cancelled');
  });

  it('an unknown or blocked event is a friendly not-found', async () => {
    renderApp('/e/no-such-event', fakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
  });

  it('a network failure offers Retry', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ [DETAIL]: ok(publicEvent()) });
    let fail = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      return api.fetch(input, init);
    };
    renderApp(`/e/${SLUG}`, { fetch, calls: api.calls });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Jazz night', level: 1 })).toBeTruthy();
  });
});

describe('booking page', () => {
  it('polls a held booking until the payment confirms it', async () => {
    let reads = 0;
    const held = booking({
      status: 'HELD',
      tickets: [],
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      payment: {
        provider: 'sandbox',
        redirectUrl: '/api/v1/payment/sandbox/checkout/abc',
        clientSecret: null,
      },
    });
    const api = fakeApi({
      [GET_BOOKING]: () => {
        reads += 1;
        return ok(reads === 1 ? held : booking());
      },
    });
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, api);
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(screen.getByTestId('hold-countdown').textContent).toMatch(/Your seats are held for (9:5\d|10:00)/);
    expect(await screen.findByTestId('booking-confirmed', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getAllByTestId('ticket-qr')).toHaveLength(2);
    expect(api.calls[0]?.query).toEqual({ bookingId: BOOKING_ID, token: TOKEN });
    // Confirmed: no more reads.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads).toBe(settled);
  });

  it('cancels a held booking and says the seats were released', async () => {
    const user = userEvent.setup();
    const held = booking({
      status: 'HELD',
      tickets: [],
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      payment: {
        provider: 'sandbox',
        redirectUrl: '/api/v1/payment/sandbox/checkout/abc',
        clientSecret: null,
      },
    });
    const api = fakeApi({
      [GET_BOOKING]: ok(held),
      [CANCEL]: ok(booking({ status: 'CANCELLED', tickets: [] })),
    });
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, api);
    await user.click(await screen.findByRole('button', { name: 'Cancel reservation' }));
    // Asked first: the seats go back to other buyers.
    const dialog = await screen.findByRole('dialog', { name: 'Cancel reservation' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByTestId('booking-ended')).textContent).toContain(
      'This reservation was cancelled',
    );
    const cancel = api.calls.find((c) => c.path.endsWith('cancel-booking'));
    expect(cancel?.body).toEqual({ bookingId: BOOKING_ID, token: TOKEN });
    expect(cancel?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('emails the tickets again after asking, busy while sending, and says so', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      [GET_BOOKING]: ok(booking()),
      [RESEND]: {
        status: 200,
        body: {
          message: 'Your tickets are on their way to the email address of the booking.',
          result: { bookingId: BOOKING_ID, queuedAt: STARTS },
        },
      },
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (String(input).includes('resend-booking-tickets')) await held;
      return api.fetch(input, init);
    };
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, { ...api, fetch });
    await user.click(await screen.findByRole('button', { name: 'Email my tickets again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email my tickets again' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Email my tickets again' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    release();
    expect(
      await screen.findByText('Your tickets are on their way to the email address of the booking.'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('resend-booking-tickets')).map((c) => c.body)).toEqual([
      { bookingId: BOOKING_ID, token: TOKEN },
    ]);
  });

  it('downloads the tickets as a PDF and the dates as a calendar file with the booking’s token', async () => {
    const user = userEvent.setup();
    const saved: { name: string; type: string }[] = [];
    // jsdom has no object URLs: the saved file is what the download link was handed.
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ticket-file';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, type: blobs.at(-1)?.type ?? '' });
    });
    const api = fakeApi({ [GET_BOOKING]: ok(booking()) });
    const files: { path: string; query: Record<string, string> }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(String(input), 'http://console.test');
      const file = {
        '/api/v1/booking/booking-tickets-pdf': ['application/pdf', 'tickets-MQ-7K2P9X.pdf'],
        '/api/v1/booking/booking-calendar': ['text/calendar; charset=utf-8', 'MQ-7K2P9X.ics'],
      }[url.pathname];
      if (!file) return api.fetch(input, init);
      files.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
      return new Response('file', {
        status: 200,
        headers: {
          'content-type': file[0] as string,
          'content-disposition': `attachment; filename="${file[1]}"`,
        },
      });
    };
    try {
      renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, { ...api, fetch });
      await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
      await waitFor(() =>
        expect(saved).toEqual([{ name: 'tickets-MQ-7K2P9X.pdf', type: 'application/pdf' }]),
      );

      await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
      const google = await screen.findByRole('menuitem', { name: 'Google Calendar' });
      const googleUrl = new URL(google.getAttribute('href') as string);
      expect(googleUrl.origin + googleUrl.pathname).toBe('https://calendar.google.com/calendar/render');
      expect(Object.fromEntries(googleUrl.searchParams)).toMatchObject({
        action: 'TEMPLATE',
        text: 'Jazz night',
        dates: '20260710T230000Z/20260711T020000Z',
        ctz: 'America/New_York',
        location: 'Blue Note NYC, 131 W 3rd St, New York',
      });
      const outlook = new URL(
        screen.getByRole('menuitem', { name: 'Outlook' }).getAttribute('href') as string,
      );
      expect(outlook.host).toBe('outlook.live.com');
      expect(outlook.searchParams.get('startdt')).toBe(STARTS);
      expect(outlook.searchParams.get('enddt')).toBe(ENDS);
      await user.click(screen.getByRole('menuitem', { name: 'Calendar file (.ics)' }));
      await waitFor(() => expect(saved.at(-1)?.name).toBe('MQ-7K2P9X.ics'));
      expect(files).toEqual([
        { path: '/api/v1/booking/booking-tickets-pdf', query: { bookingId: BOOKING_ID, token: TOKEN } },
        { path: '/api/v1/booking/booking-calendar', query: { bookingId: BOOKING_ID, token: TOKEN } },
      ]);
    } finally {
      click.mockRestore();
    }
  });

  it('says when to try again once the tickets were emailed too often', async () => {
    const user = userEvent.setup();
    const message =
      'The tickets of this order were emailed 3 times in the last hour. Try again in 45 minutes.';
    renderApp(
      `/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`,
      fakeApi({ [GET_BOOKING]: ok(booking()), [RESEND]: { status: 429, body: { message } } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Email my tickets again' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers no resend before the booking is confirmed', async () => {
    const held = booking({
      status: 'HELD',
      tickets: [],
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      payment: {
        provider: 'sandbox',
        redirectUrl: '/api/v1/payment/sandbox/checkout/abc',
        clientSecret: null,
      },
    });
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, fakeApi({ [GET_BOOKING]: ok(held) }));
    expect(await screen.findByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Email my tickets again' })).toBeNull();
  });

  it('a failed payment says so with a way to try again', async () => {
    renderApp(
      `/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`,
      fakeApi({ [GET_BOOKING]: ok(booking({ status: 'FAILED', tickets: [] })) }),
    );
    const ended = await screen.findByTestId('booking-ended');
    expect(ended.textContent).toContain('The payment did not go through');
    expect(within(ended).getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(`/e/${SLUG}`);
  });

  it('a Stripe-only payment says card entry is not available in this build', async () => {
    const held = booking({
      status: 'HELD',
      tickets: [],
      holdExpiresAt: new Date(Date.now() + 600_000).toISOString(),
      payment: { provider: 'stripe', redirectUrl: null, clientSecret: 'pi_123_secret_456' },
    });
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, fakeApi({ [GET_BOOKING]: ok(held) }));
    expect((await screen.findByTestId('stripe-unavailable')).textContent).toContain(
      'not available in this console build',
    );
  });

  it('the payment return page opens the booking this tab paid for', async () => {
    window.sessionStorage.setItem(
      'marquee.pendingBooking',
      JSON.stringify({ event: SLUG, bookingId: BOOKING_ID, token: TOKEN }),
    );
    const { router } = renderApp(`/e/${SLUG}/return`, fakeApi({ [GET_BOOKING]: ok(booking()) }));
    await screen.findByTestId('booking-confirmed');
    expect(currentUrl(router)).toBe(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`);
  });

  it('a wrong booking link is a friendly not-found', async () => {
    renderApp(`/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`, fakeApi({}));
    expect(await screen.findByRole('heading', { name: 'Booking not found' })).toBeTruthy();
  });
});
