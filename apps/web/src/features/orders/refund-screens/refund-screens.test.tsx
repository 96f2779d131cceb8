import {
  type DuePayment,
  EMPTY_SELECTION,
  emptySelectionMessage,
  type OrderSummary,
  type RefundableTicket,
  type RefundQuote,
  type RefundRequestView,
  type RefundView,
  type TicketsForRefund,
} from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { STORAGE_KEYS } from '../../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const REQUESTS = 'GET /api/v1/organizer/organizer-refund-booking-ticket-list';
const FOR_REFUND = 'GET /api/v1/organizer/organizer-tickets-for-refund';
const QUOTE = 'POST /api/v1/organizer/check-booking-due-amount';
const CONFIRM = 'POST /api/v1/organizer/confirm-event-order-refund';
const APPROVE = 'POST /api/v1/organizer/refund-processed';
const APPROVE_ALL = 'POST /api/v1/organizer/booking-refund-processed';
const DECLINE = 'POST /api/v1/organizer/decline-refund-request';
const PAY_DUE = 'POST /api/v1/organizer/pay-order-ticket-due-amount';
const ISSUE = 'POST /api/v1/organizer/issue-refunds';
const REASONS = 'GET /api/v1/common/get-reason-list';
const LIST = 'GET /api/v1/organizer/organizer-booking-list';
const EVENTS = 'GET /api/v1/organizer/panel-organizer-event-list';
const ORGS = 'GET /api/v1/organization/panel-organization-list';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const BOOKING_ID = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const TICKET_A = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const TICKET_B = '8b7a6f5e-4d3c-4b2a-a190-f8e7d6c5b4a3';
const REQUEST_ID = '6d5c4b3a-2f1e-4d0c-9b8a-7f6e5d4c3b2a';
const REASON_ID = '4c3b2a1f-0e9d-4c8b-8a7f-6e5d4c3b2a1f';
const REFUND_ID = '2f1e0d9c-8b7a-4f6e-9d5c-4b3a2f1e0d9c';
const ORDERED = '2026-03-04T10:00:00.000Z';

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, limit: 10 });

const summary: OrderSummary = {
  _id: BOOKING_ID,
  code: 'MQ-7K2F9',
  status: 'CONFIRMED',
  buyer: { name: 'Grace Hopper', email: 'grace@example.com', userId: null },
  event: { _id: EVENT_ID, title: 'Jazz night', kind: 'SINGLE', timeZone: 'Asia/Tokyo' },
  organization: { _id: ORG_ID, name: 'Blue Note' },
  occurrence: null,
  ticketCount: 2,
  currency: 'USD',
  subtotal: 5000,
  serviceFee: 350,
  total: 5350,
  refunded: 0,
  createdAt: ORDERED,
  confirmedAt: ORDERED,
};

function refundable(id: string, over: Partial<RefundableTicket> = {}): RefundableTicket {
  return {
    _id: id,
    ticketTypeName: 'Standing',
    attendeeName: null,
    status: 'VALID',
    occurrence: null,
    paid: 2675,
    fee: 175,
    refunded: 0,
    refundable: 2675,
    selectable: true,
    requestId: null,
    ...over,
  };
}

function request(over: Partial<RefundRequestView> = {}): RefundRequestView {
  return {
    _id: REQUEST_ID,
    status: 'REQUESTED',
    booking: { _id: BOOKING_ID, code: 'MQ-7K2F9', total: 5350, refunded: 0 },
    event: { _id: EVENT_ID, title: 'Jazz night', timeZone: 'Asia/Tokyo' },
    organization: { _id: ORG_ID, name: 'Blue Note' },
    buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
    reason: 'Cannot attend',
    note: 'Flight cancelled',
    declineReason: null,
    tickets: [
      { _id: TICKET_A, ticketTypeName: 'Standing', attendeeName: null, status: 'REQUESTED', amount: 2675 },
      { _id: TICKET_B, ticketTypeName: 'Standing', attendeeName: null, status: 'REQUESTED', amount: 2675 },
    ],
    amount: 5350,
    currency: 'USD',
    createdAt: ORDERED,
    decidedAt: null,
    decidedBy: null,
    ...over,
  };
}

function forRefund(over: Partial<TicketsForRefund> = {}): TicketsForRefund {
  return {
    order: summary,
    policy: {
      policy: 'ANY_TIME_BEFORE_START',
      hoursBeforeStart: null,
      approval: 'MANUAL',
      refundServiceFee: true,
      deadline: null,
      open: true,
      closedReason: null,
      summary: 'Refunds any time before the event starts.',
    },
    tickets: [refundable(TICKET_A), refundable(TICKET_B)],
    refundable: 5350,
    refunds: [],
    requests: [],
    dues: [],
    ...over,
  };
}

function quote(over: Partial<RefundQuote> = {}): RefundQuote {
  return {
    currency: 'USD',
    amount: 5350,
    feePart: 350,
    organizerPart: 5000,
    refundServiceFee: true,
    tickets: [
      { ticketId: TICKET_A, amount: 2675, feePart: 175 },
      { ticketId: TICKET_B, amount: 2675, feePart: 175 },
    ],
    organizerHeld: 12000,
    due: 0,
    organizerBalanceAfter: 7000,
    ...over,
  };
}

const refundView: RefundView = {
  _id: REFUND_ID,
  bookingId: BOOKING_ID,
  bookingCode: 'MQ-7K2F9',
  status: 'PROCESSED',
  source: 'ORGANIZER',
  currency: 'USD',
  amount: 5350,
  feePart: 350,
  organizerPart: 5000,
  ticketIds: [TICKET_A, TICKET_B],
  reason: null,
  failureReason: null,
  initiatedBy: null,
  createdAt: ORDERED,
  processedAt: ORDERED,
};

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    [PROFILE]: profileAnswer(profileFixture({ role: 'USER', organizerRequest: 'APPROVED' })),
    [REQUESTS]: page([request()]),
    [FOR_REFUND]: ok(forRefund({ requests: [request()] })),
    [QUOTE]: ok(quote()),
    [CONFIRM]: ok({ refund: refundView, message: 'Refunded.' }, 'Refund processed'),
    [APPROVE]: ok({ refund: refundView, message: 'Refunded.' }, 'Request approved and refunded'),
    [APPROVE_ALL]: ok({ refund: refundView, message: 'Refunded.' }, 'Request approved and refunded'),
    [REASONS]: ok([{ _id: REASON_ID, kind: 'REFUND_DECLINE', text: 'Past the deadline', order: 1 }]),
    [DECLINE]: ok(request({ status: 'DECLINED' }), 'Request declined'),
    [LIST]: page([summary]),
    [EVENTS]: page([]),
    [ORGS]: page([]),
    ...extra,
  });
}

const callsTo = (a: ReturnType<typeof fakeApi>, key: string) =>
  a.calls.filter((c) => `${c.method} ${c.path}` === key);

afterEach(() => vi.restoreAllMocks());

describe('refund requests tab', () => {
  it('lists the requests waiting for a decision by default, and each opens its request page', async () => {
    const a = api();
    const { router } = renderApp('/orders?tab=refunds', a);
    const table = await screen.findByRole('table', { name: 'Refund requests' });
    expect(await within(table).findByText('Cannot attend')).toBeTruthy();
    expect(within(table).getByText('$53.50')).toBeTruthy();
    expect(within(table).getByText('4/Mar/26-07:00 PM')).toBeTruthy();
    expect(callsTo(a, REQUESTS)[0]?.query).toEqual({ page: '1', limit: '10', status: 'REQUESTED' });
    expect(screen.getByRole('tab', { name: 'Refund requests' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(within(table).getByRole('link', { name: 'Grace Hopper · MQ-7K2F9' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/orders/refund-requests/${REQUEST_ID}?bookingId=${BOOKING_ID}`),
    );
    expect(await screen.findByRole('heading', { name: 'Refund request for order MQ-7K2F9' })).toBeTruthy();
    expect(screen.getByText('Flight cancelled')).toBeTruthy();
  });

  it('lifts the status filter with "All statuses" and says when nothing is waiting', async () => {
    const a = api({ [REQUESTS]: page([]) });
    renderApp('/orders?tab=refunds', a);
    expect((await screen.findByTestId('empty-state')).textContent).toBe(
      'No refund requests are waiting for a decision.',
    );
    await userEvent.click(screen.getAllByLabelText('Filter by status')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(callsTo(a, REQUESTS).at(-1)?.query).toEqual({ page: '1', limit: '10' }));
  });
});

describe('refund request page', () => {
  const path = `/orders/refund-requests/${REQUEST_ID}?bookingId=${BOOKING_ID}`;

  it('warns instead of calling when approving or declining with nothing selected', async () => {
    const a = api();
    renderApp(path, a);
    await screen.findByRole('table', { name: 'Requested tickets' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText(EMPTY_SELECTION.issueRefund)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Decline selected' }));
    expect(await screen.findByText(EMPTY_SELECTION.declineRefund)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(a.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for a reason before declining, then declines the chosen ticket with it', async () => {
    const a = api();
    renderApp(path, a);
    const table = await screen.findByRole('table', { name: 'Requested tickets' });
    await userEvent.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[1] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Decline selected' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose a reason for declining')).toBeTruthy();
    expect(callsTo(a, DECLINE)).toHaveLength(0);

    await userEvent.click(within(dialog).getAllByLabelText(/^Reason/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Past the deadline' }));
    await userEvent.type(within(dialog).getByLabelText('Note to the buyer'), 'Sorry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(a, DECLINE)).toHaveLength(1));
    expect(callsTo(a, DECLINE)[0]?.body).toEqual({
      requestId: REQUEST_ID,
      ticketIds: [TICKET_B],
      reasonId: REASON_ID,
      note: 'Sorry',
    });
    expect(callsTo(a, REASONS)[0]?.query).toEqual({ kind: 'REFUND_DECLINE' });
    expect(await screen.findByText('Request declined')).toBeTruthy();
  });

  it('approves the whole request through the confirmation with booking-refund-processed', async () => {
    const a = api();
    const { router } = renderApp(path, a);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve all' }));
    await waitFor(() => expect(currentUrl(router)).toContain(`/orders/${BOOKING_ID}/refund/confirm?`));
    expect(currentUrl(router)).toContain(`requestId=${REQUEST_ID}`);
    await screen.findByTestId('refund-quote');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(a, APPROVE_ALL)).toHaveLength(1));
    expect(callsTo(a, APPROVE_ALL)[0]?.body).toEqual({ requestId: REQUEST_ID });
    expect(callsTo(a, APPROVE_ALL)[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(callsTo(a, CONFIRM)).toHaveLength(0);
  });
});

describe('confirm refund', () => {
  const path = `/orders/${BOOKING_ID}/refund/confirm?ticketIds=${TICKET_A},${TICKET_B}&fee=1`;

  it('shows the split and balance, and confirms with one idempotency key reused on a retry', async () => {
    let fail = true;
    const a = api({
      [CONFIRM]: () =>
        fail
          ? { status: 503, body: { message: 'Payment provider unavailable' } }
          : ok({ refund: refundView, message: 'Refunded.' }, 'Refund processed'),
    });
    const { router } = renderApp(path, a);
    const split = await screen.findByTestId('refund-quote');
    expect(within(split).getByTestId('quote-amount').textContent).toBe('$53.50');
    expect(within(split).getByTestId('quote-fee').textContent).toBe('$3.50');
    expect(within(split).getByTestId('quote-organizer').textContent).toBe('$50.00');
    expect(within(split).getByTestId('quote-held').textContent).toBe('$120.00');
    expect(within(split).getByTestId('quote-after').textContent).toBe('$70.00');
    expect(within(split).getByTestId('quote-due').textContent).toBe('$0.00');
    expect(callsTo(a, QUOTE)[0]?.body).toEqual({
      bookingId: BOOKING_ID,
      ticketIds: [TICKET_A, TICKET_B],
      refundServiceFee: true,
    });
    expect(screen.queryByTestId('due-notice')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(a, CONFIRM)).toHaveLength(1));
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/${BOOKING_ID}`));
    const [first, second] = callsTo(a, CONFIRM);
    expect(first?.body).toEqual({
      bookingId: BOOKING_ID,
      ticketIds: [TICKET_A, TICKET_B],
      refundServiceFee: true,
    });
    expect(first?.headers['idempotency-key']).toBeTruthy();
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(await screen.findByText('Refunded.')).toBeTruthy();
  });

  it('when the organizer owes money, offers to pay it and goes to the payment page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const due: DuePayment = {
      _id: REFUND_ID,
      purpose: 'ORDER_REFUND',
      organizationId: ORG_ID,
      bookingId: BOOKING_ID,
      bookingCode: 'MQ-7K2F9',
      eventId: EVENT_ID,
      eventTitle: 'Jazz night',
      status: 'PENDING',
      amount: 3000,
      currency: 'USD',
      provider: 'sandbox',
      redirectUrl: 'https://pay.example/sandbox/due-1',
      clientSecret: null,
      createdAt: ORDERED,
      paidAt: null,
    };
    const a = api({
      [QUOTE]: ok(quote({ organizerHeld: 2000, due: 3000, organizerBalanceAfter: 0 })),
      [PAY_DUE]: ok(due),
    });
    renderApp(`${path}&amount=5350`, a);
    expect((await screen.findByTestId('quote-due')).textContent).toBe('$30.00');
    expect(screen.getByTestId('due-notice').textContent).toContain('Pay $30.00 first');
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Pay $30.00 and refund' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/sandbox/due-1'));
    expect(callsTo(a, PAY_DUE)[0]?.body).toEqual({
      bookingId: BOOKING_ID,
      ticketIds: [TICKET_A, TICKET_B],
      amount: 5350,
      refundServiceFee: true,
      returnPath: `/orders/${BOOKING_ID}`,
    });
    expect(callsTo(a, CONFIRM)).toHaveLength(0);
  });
});

describe('order refund', () => {
  it('preselects the refundable tickets, checks a partial amount against the maximum, and continues', async () => {
    const a = api({
      [FOR_REFUND]: ok(
        forRefund({
          tickets: [
            refundable(TICKET_A),
            refundable(TICKET_B, { selectable: false, refundable: 0, status: 'REFUNDED', refunded: 2675 }),
          ],
        }),
      ),
      [QUOTE]: ok(quote({ amount: 2675 })),
    });
    const { router } = renderApp(`/orders/${BOOKING_ID}/refund`, a);
    expect((await screen.findByTestId('refund-max')).textContent).toBe('Working out the maximum…');
    expect(await screen.findByText('At most $26.75 on the chosen tickets.')).toBeTruthy();
    expect(callsTo(a, QUOTE)[0]?.body).toEqual({
      bookingId: BOOKING_ID,
      ticketIds: [TICKET_A],
      refundServiceFee: true,
    });
    await userEvent.click(screen.getByRole('radio', { name: 'A partial amount' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You can refund at most $26.75 on the chosen tickets.')).toBeTruthy();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Amount (USD)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '10.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/orders/${BOOKING_ID}/refund/confirm?ticketIds=${TICKET_A}&amount=1050&fee=1`,
      ),
    );
  });

  it('warns when no ticket is chosen', async () => {
    renderApp(`/orders/${BOOKING_ID}/refund`, api({ [FOR_REFUND]: ok(forRefund()) }));
    const table = await screen.findByRole('table', { name: 'Tickets to refund' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EMPTY_SELECTION.issueRefund)).toBeTruthy();
  });
});

describe('bulk refunds', () => {
  it('says nothing is selected on the orders list, and refunds the chosen orders showing each outcome', async () => {
    const a = api({
      [FOR_REFUND]: ok(forRefund()),
      [ISSUE]: ok(
        {
          items: [
            {
              bookingId: BOOKING_ID,
              code: 'MQ-7K2F9',
              outcome: 'DUE_REQUIRED',
              amount: 0,
              due: 3000,
              message: 'The organizer owes $30.00 first.',
            },
          ],
          processed: 0,
          pending: 0,
          skipped: 1,
          currency: 'USD',
          amount: 0,
        },
        'Refunds issued',
      ),
    });
    const { router } = renderApp('/orders', a);
    await screen.findByRole('link', { name: 'MQ-7K2F9' });
    await userEvent.click(screen.getByRole('button', { name: 'Issue refund' }));
    // The lists' shared guard words it from the action's name (common.ts), not EMPTY_SELECTION.
    expect(await screen.findByText(emptySelectionMessage('issue refund'))).toBeTruthy();
    expect(a.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Issue refund' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/issue-refunds?bookingIds=${BOOKING_ID}`));
    const chosen = await screen.findByRole('table', { name: 'Orders to refund' });
    expect(await within(chosen).findAllByText('$53.50')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const result = await screen.findByTestId('bulk-result');
    expect(within(result).getByText('Payment due first')).toBeTruthy();
    expect(
      within(result).getByRole('link', { name: 'Pay $30.00 and refund this order' }).getAttribute('href'),
    ).toBe(`/orders/${BOOKING_ID}/refund`);
    expect(callsTo(a, ISSUE)[0]?.body).toEqual({ bookingIds: [BOOKING_ID] });
    expect(callsTo(a, ISSUE)[0]?.headers['idempotency-key']).toBeTruthy();
  });
});

describe('order details refunds', () => {
  it('lists the refunds and open requests and offers Refund while something is left', async () => {
    const detail = {
      ...summary,
      refunded: 2675,
      lines: [],
      organizerAmount: 5000,
      feePaidBy: 'BUYER',
      payment: null,
      tickets: [],
      ledger: [],
      timeline: [],
      holdExpiresAt: null,
    };
    renderApp(
      `/orders/${BOOKING_ID}`,
      api({
        'GET /api/v1/organizer/organizer-booking-detail': ok(detail),
        [FOR_REFUND]: ok(
          forRefund({
            refundable: 2675,
            refunds: [
              { ...refundView, amount: 2675, feePart: 175, organizerPart: 2500, ticketIds: [TICKET_A] },
            ],
            requests: [request()],
            tickets: [
              refundable(TICKET_A, { status: 'REFUNDED', refunded: 2675, refundable: 0, selectable: false }),
              refundable(TICKET_B),
            ],
          }),
        ),
      }),
    );
    const refunds = await screen.findByRole('table', { name: 'Refunds' });
    expect(within(refunds).getByText('$25.00')).toBeTruthy();
    expect(screen.getByTestId('refund-summary').textContent).toBe(
      'Refunded $26.75 of $53.50; $26.75 left to refund.',
    );
    expect(screen.getByRole('link', { name: 'Review the request' }).getAttribute('href')).toBe(
      `/orders/refund-requests/${REQUEST_ID}?bookingId=${BOOKING_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Refund' }).getAttribute('href')).toBe(
      `/orders/${BOOKING_ID}/refund`,
    );
  });
});
