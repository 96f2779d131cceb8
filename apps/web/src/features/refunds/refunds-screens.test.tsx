import type { EventRefundJob, EventRefundPlan } from '@marquee/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const PLAN = 'GET /api/v1/organizer/issue-event-refund';
const CONFIRM = 'POST /api/v1/organizer/confirm-event-refund';
const PROGRESS = 'GET /api/v1/organizer/event-refund-progress';
const PAY_DUE = 'POST /api/v1/organizer/pay-due-to-cancel-event';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const JOB_ID = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const DUE_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });

function plan(
  over: Partial<EventRefundPlan> = {},
  quote: Partial<EventRefundPlan['quote']> = {},
): EventRefundPlan {
  return {
    event: { _id: EVENT_ID, title: 'Jazz night', status: 'CANCELLED', timeZone: 'Asia/Tokyo' },
    currency: 'USD',
    bookings: 3,
    tickets: 5,
    quote: {
      currency: 'USD',
      amount: 12500,
      feePart: 0,
      organizerPart: 12500,
      refundServiceFee: false,
      organizerHeld: 20000,
      due: 0,
      organizerBalanceAfter: 7500,
      ...quote,
    },
    duePaid: 0,
    job: null,
    ...over,
  };
}

function job(over: Partial<EventRefundJob> = {}): EventRefundJob {
  return {
    _id: JOB_ID,
    eventId: EVENT_ID,
    status: 'QUEUED',
    refundServiceFee: false,
    currency: 'USD',
    total: 3,
    done: 0,
    pending: 0,
    failed: 0,
    amount: 12500,
    refundedAmount: 0,
    lastError: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    [PROFILE]: profileAnswer(profileFixture({ role: 'USER', organizerRequest: 'APPROVED' })),
    [PLAN]: (call) =>
      ok(
        plan(
          {},
          call.query.refundServiceFee === 'true'
            ? { refundServiceFee: true, amount: 13200, feePart: 700 }
            : {},
        ),
      ),
    ...extra,
  });
}

describe('issue-event-refund', () => {
  it('shows the plan, re-asks with the fee switch and continues with the choice', async () => {
    const user = userEvent.setup();
    const a = api();
    const { router } = renderApp(`/orders/events/${EVENT_ID}/refund`, a);
    expect((await screen.findByTestId('plan-amount')).textContent).toBe('$125.00');
    expect(screen.getByTestId('plan-orders').textContent).toBe('3 orders, 5 tickets');
    expect(screen.getByTestId('plan-held').textContent).toBe('$200.00');
    expect(screen.getByTestId('plan-due').textContent).toBe('$0.00');

    await user.click(screen.getByRole('switch', { name: /Refund service fee/ }));
    await waitFor(() => expect(screen.getByTestId('plan-amount').textContent).toBe('$132.00'));
    expect(a.calls.filter((c) => c.path.endsWith('issue-event-refund')).at(-1)?.query).toEqual({
      eventId: EVENT_ID,
      refundServiceFee: 'true',
    });
    expect(screen.getByTestId('plan-fee-part').textContent).toBe('$7.00');
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/orders/events/${EVENT_ID}/refund/confirm?refundServiceFee=true`),
    );
  });

  it('an event that is not cancelled says so, with a link to its details', async () => {
    renderApp(
      `/orders/events/${EVENT_ID}/refund`,
      api({ [PLAN]: ok(plan({ event: { ...plan().event, status: 'PUBLISHED' } })) }),
    );
    expect(await screen.findByText('The event is not cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the event' }).getAttribute('href')).toBe(
      `/event-management/${EVENT_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Continue' })).toBeNull();
  });

  it('a failed read offers Retry', async () => {
    let reads = 0;
    renderApp(
      `/orders/events/${EVENT_ID}/refund`,
      api({
        [PLAN]: () => {
          reads += 1;
          return reads === 1 ? { status: 500, body: { message: 'Something broke' } } : ok(plan());
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('plan-amount')).textContent).toBe('$125.00');
  });
});

describe('confirm-event-refund', () => {
  it('confirms with an idempotency key, then polls the progress bar to the end', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const steps = [
      job({ status: 'RUNNING', done: 1, refundedAmount: 5000 }),
      job({ status: 'RUNNING', done: 2, refundedAmount: 9000 }),
      job({ status: 'COMPLETED', done: 3, refundedAmount: 12500 }),
    ];
    const a = api({
      [CONFIRM]: ok(job(), 'The refunds have started'),
      [PROGRESS]: () => {
        const answer = steps[Math.min(reads, steps.length - 1)];
        reads += 1;
        return ok(answer);
      },
    });
    renderApp(`/orders/events/${EVENT_ID}/refund/confirm?refundServiceFee=false`, a);
    expect((await screen.findByTestId('plan-amount')).textContent).toBe('$125.00');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const confirm = a.calls.find((c) => c.path.endsWith('confirm-event-refund'));
    expect(confirm?.body).toEqual({ eventId: EVENT_ID, refundServiceFee: false });
    expect(confirm?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    const bar = await screen.findByRole('progressbar', { name: 'Orders refunded' });
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('2'), { timeout: 5000 });
    expect(screen.getByTestId('refund-job-count').textContent).toBe('2 of 3 orders refunded');
    expect((await screen.findByTestId('refund-job-done', {}, { timeout: 5000 })).textContent).toContain(
      'All 3 orders refunded.',
    );
    expect(screen.getByRole('progressbar', { name: 'Orders refunded' }).getAttribute('aria-valuenow')).toBe(
      '3',
    );
    expect(screen.getByTestId('refund-job-amount').textContent).toBe('$125.00 of $125.00');
    expect(screen.getByTestId('refund-job-status').textContent).toBe('Finished');
    // Finished: no more reads.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reads).toBe(settled);
  });

  it('when the organizer owes money, offers to pay it and goes to the card page', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const a = api({
      [PLAN]: ok(plan({}, { organizerHeld: 2500, due: 10000, organizerBalanceAfter: 0 })),
      [PAY_DUE]: ok({
        _id: DUE_ID,
        purpose: 'EVENT_CANCELLATION',
        organizationId: ORG_ID,
        bookingId: null,
        bookingCode: null,
        eventId: EVENT_ID,
        eventTitle: 'Jazz night',
        status: 'PENDING',
        amount: 10000,
        currency: 'USD',
        provider: 'sandbox',
        redirectUrl: '/api/v1/payment/sandbox/checkout/due',
        clientSecret: null,
        createdAt: '2026-03-04T10:00:00.000Z',
        paidAt: null,
      }),
    });
    renderApp(`/orders/events/${EVENT_ID}/refund/confirm`, a);
    expect(await screen.findByTestId('due-required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay $100.00 to start the refunds' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v1/payment/sandbox/checkout/due'));
    const pay = a.calls.find((c) => c.path.endsWith('pay-due-to-cancel-event'));
    expect(pay?.body).toEqual({
      eventId: EVENT_ID,
      refundServiceFee: false,
      returnPath: `/orders/events/${EVENT_ID}/refund/confirm?refundServiceFee=false`,
    });
    expect(pay?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a job that already exists shows its progress, with what did not go through', async () => {
    const failed = job({
      status: 'FAILED',
      done: 1,
      failed: 2,
      refundedAmount: 5000,
      lastError: 'Card declined',
    });
    renderApp(
      `/orders/events/${EVENT_ID}/refund/confirm`,
      api({ [PLAN]: ok(plan({ job: failed })), [PROGRESS]: ok(failed) }),
    );
    const end = await screen.findByTestId('refund-job-done');
    expect(end.textContent).toBe('1 of 3 orders refunded. 2 orders could not be refunded.');
    expect(screen.getByText('Last error: Card declined')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});
