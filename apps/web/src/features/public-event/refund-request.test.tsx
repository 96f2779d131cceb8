import type { BuyerBooking, BuyerRefundOptions, RefundRequestView } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderApp } from '../../test/render-app';
import { NO_TICKETS_CHOSEN } from './components/RefundRequestSection';

const GET_BOOKING = 'GET /api/v1/booking/get-booking';
const OPTIONS = 'GET /api/v1/booking/refund-options';
const REQUEST = 'POST /api/v1/booking/request-refund';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const BOOKING_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const TYPE_ID = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const TICKET_A = '0a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TICKET_B = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const REASON = '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f';
const REQUEST_ID = '5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const SLUG = 'jazz-night';
const STARTS = '2026-07-10T23:00:00.000Z';

const ok = (result: unknown) => ({ status: 200, body: { message: 'OK', result } });

function booking(): BuyerBooking {
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
      endsAt: '2026-07-11T02:00:00.000Z',
      venueName: null,
      address: null,
      onlineUrl: null,
      organizationName: 'Blue Note Presents',
    },
    occurrence: null,
    dates: [{ startsAt: STARTS, endsAt: '2026-07-11T02:00:00.000Z' }],
    buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
    lines: [{ ticketTypeId: TYPE_ID, name: 'General', quantity: 2, unitPrice: 2500, unitFee: 150 }],
    currency: 'USD',
    subtotal: 5000,
    serviceFee: 300,
    total: 5300,
    holdExpiresAt: null,
    payment: null,
    tickets: [TICKET_A, TICKET_B].map((id, n) => ({
      _id: id,
      ticketTypeName: 'General',
      attendeeName: null,
      code: `code-${n}-AbCdEfGhIjKlMnOpQrStUv`,
      status: n === 1 ? ('REFUNDED' as const) : ('VALID' as const),
      occurrence: null,
    })),
    confirmedAt: '2026-06-01T10:00:00.000Z',
    createdAt: '2026-06-01T10:00:00.000Z',
  };
}

function requestView(over: Partial<RefundRequestView> = {}): RefundRequestView {
  return {
    _id: REQUEST_ID,
    status: 'REQUESTED',
    booking: { _id: BOOKING_ID, code: 'MQ-7K2P9X', total: 5300, refunded: 2500 },
    event: { _id: EVENT_ID, title: 'Jazz night', timeZone: 'America/New_York' },
    organization: { _id: ORG_ID, name: 'Blue Note' },
    buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
    reason: 'I cannot come',
    note: null,
    declineReason: null,
    tickets: [
      { _id: TICKET_A, ticketTypeName: 'General', attendeeName: null, status: 'REQUESTED', amount: 2500 },
    ],
    amount: 2500,
    currency: 'USD',
    createdAt: '2026-06-02T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...over,
  };
}

function options(over: Partial<BuyerRefundOptions> = {}): BuyerRefundOptions {
  return {
    policy: {
      policy: 'UNTIL_HOURS_BEFORE_START',
      hoursBeforeStart: 24,
      approval: 'MANUAL',
      refundServiceFee: false,
      // 23:00 UTC is 7:00 PM in New York in July.
      deadline: '2026-07-09T23:00:00.000Z',
      open: true,
      closedReason: null,
      summary: 'Refunds until 24 hours before the event starts.',
    },
    currency: 'USD',
    tickets: [
      {
        _id: TICKET_A,
        ticketTypeName: 'General',
        attendeeName: null,
        status: 'VALID',
        occurrence: null,
        paid: 2650,
        fee: 150,
        refunded: 0,
        refundable: 2500,
        selectable: true,
        requestId: null,
      },
      {
        _id: TICKET_B,
        ticketTypeName: 'General',
        attendeeName: null,
        status: 'REFUNDED',
        occurrence: null,
        paid: 2650,
        fee: 150,
        refunded: 2500,
        refundable: 0,
        selectable: false,
        requestId: null,
      },
    ],
    reasons: [{ _id: REASON, kind: 'REFUND_REQUEST', text: 'I cannot come', order: 1 }],
    requests: [
      requestView({
        _id: '6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b',
        status: 'DECLINED',
        declineReason: 'Too close to the show',
        tickets: [
          { _id: TICKET_A, ticketTypeName: 'General', attendeeName: null, status: 'DECLINED', amount: 2500 },
        ],
      }),
    ],
    refunds: [
      {
        _id: '7f8a9b0c-1d2e-4f3a-8b4c-5d6e7f8a9b0c',
        bookingId: BOOKING_ID,
        bookingCode: 'MQ-7K2P9X',
        status: 'PROCESSED',
        source: 'ORGANIZER',
        currency: 'USD',
        amount: 2500,
        feePart: 0,
        organizerPart: 2500,
        ticketIds: [TICKET_B],
        reason: null,
        failureReason: null,
        initiatedBy: null,
        createdAt: '2026-06-02T10:00:00.000Z',
        processedAt: '2026-06-02T10:00:05.000Z',
      },
    ],
    ...over,
  };
}

const page = `/e/${SLUG}/booking/${BOOKING_ID}?token=${TOKEN}`;

describe('booking page refunds', () => {
  it('asks for a reason and a ticket, then sends the request with an idempotency key and shows its state', async () => {
    const user = userEvent.setup();
    let sent = false;
    const api = fakeApi({
      [GET_BOOKING]: ok(booking()),
      [OPTIONS]: () =>
        ok(
          sent
            ? options({
                tickets: options().tickets.map((t) =>
                  t._id === TICKET_A ? { ...t, requestId: REQUEST_ID } : t,
                ),
                requests: [requestView(), ...options().requests],
              })
            : options(),
        ),
      [REQUEST]: () => {
        sent = true;
        return ok(requestView());
      },
    });
    renderApp(page, api);
    const form = await screen.findByRole('form', { name: 'Request a refund' });
    expect(screen.getByTestId('refund-policy').textContent).toBe(
      'Refunds until 24 hours before the event starts.',
    );
    expect(screen.getByTestId('refund-deadline').textContent).toMatch(
      /^You can ask until Thu, Jul 9, 2026 · 7:00 PM \(America\/New_York \(GMT-4\)\)\.$/,
    );
    // The earlier answers: declined with the organizer's reason, and a refund made.
    expect(screen.getByTestId('decline-reason').textContent).toBe(
      "The organizer's reason: Too close to the show",
    );
    expect(within(screen.getByTestId('refund')).getByText('$25.00')).toBeTruthy();
    expect(within(screen.getAllByTestId('ticket')[1] as HTMLElement).getByText('Refunded')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    expect(await within(form).findByText(NO_TICKETS_CHOSEN)).toBeTruthy();
    expect(within(form).getByText('Choose a reason')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('request-refund'))).toBe(false);

    expect((within(form).getByRole('checkbox', { name: /Ticket 2/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.click(within(form).getByRole('checkbox', { name: /Ticket 1/ }));
    expect(screen.getByTestId('refund-total').textContent).toBe('You would get back $25.00.');
    await user.click(within(form).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'I cannot come' }));
    await user.type(within(form).getByRole('textbox', { name: /Note for the organizer/ }), 'Sorry');
    await user.click(within(form).getByRole('button', { name: 'Request a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByTestId('refund-request-sent')).textContent).toContain(
      'Your request: Waiting for the organizer',
    );
    const call = api.calls.find((c) => c.path.endsWith('request-refund'));
    expect(call?.body).toEqual({
      bookingId: BOOKING_ID,
      token: TOKEN,
      ticketIds: [TICKET_A],
      reasonId: REASON,
      note: 'Sorry',
    });
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing is left to ask for: the form gives way to the requests.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Request a refund' })).toBeNull());
    expect(screen.getAllByTestId('refund-request')).toHaveLength(2);
  });

  it('closed refunds say why and offer no form', async () => {
    const closed = options({
      policy: { ...options().policy, open: false, closedReason: 'Refunds closed 24 hours before the start.' },
    });
    renderApp(page, fakeApi({ [GET_BOOKING]: ok(booking()), [OPTIONS]: ok(closed) }));
    const alert = await screen.findByTestId('refunds-closed');
    expect(alert.textContent).toContain('Refunds closed 24 hours before the start.');
    expect(screen.queryByRole('form', { name: 'Request a refund' })).toBeNull();
    expect(screen.queryByTestId('refund-deadline')).toBeNull();
  });

  it('a failed read of the refund options offers Retry', async () => {
    let reads = 0;
    renderApp(
      page,
      fakeApi({
        [GET_BOOKING]: ok(booking()),
        [OPTIONS]: () => {
          reads += 1;
          return reads === 1 ? { status: 500, body: { message: 'Something broke' } } : ok(options());
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Request a refund' })).toBeTruthy();
  });
});
