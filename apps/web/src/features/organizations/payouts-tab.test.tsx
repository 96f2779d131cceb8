import type { DuePayment, Organization, OrganizationBalance } from '@marquee/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const DETAIL = 'GET /api/v1/organization/get-organization-detail';
const PAYOUT_STATUS = 'GET /api/v1/payment/get-payout-status';
const BALANCE = 'GET /api/v1/payment/get-organization-balance';

const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const BOOKING_ID = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const OWNER_ID = '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b';

const ok = (result: unknown) => ({ status: 200, body: { message: 'OK', result } });

const organization: Organization = {
  _id: ORG_ID,
  name: 'Blue Note',
  description: '',
  logo: null,
  logoThumbnail: null,
  contactEmail: null,
  contactPhone: null,
  address: null,
  website: null,
  socialLinks: { facebook: null, instagram: null, x: null, linkedin: null, youtube: null, tiktok: null },
  currency: 'USD',
  timeZone: 'UTC',
  owner: { _id: OWNER_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
  access: 'OWNER',
  refundSetting: { policy: 'NONE', hoursBeforeStart: null, approval: 'MANUAL', refundServiceFee: false },
  ticketSetting: { maxTicketsPerOrder: 10, serviceFeePaidBy: 'BUYER', transfersAllowed: false },
  payoutStatus: 'ACTIVE',
  activeMemberCount: 1,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function due(over: Partial<DuePayment>): DuePayment {
  return {
    _id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    purpose: 'ORDER_REFUND',
    organizationId: ORG_ID,
    bookingId: BOOKING_ID,
    bookingCode: 'MQ-7K2F9',
    eventId: EVENT_ID,
    eventTitle: 'Jazz night',
    status: 'SUCCEEDED',
    amount: 1500,
    currency: 'USD',
    provider: 'sandbox',
    redirectUrl: null,
    clientSecret: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    paidAt: '2026-03-04T10:05:00.000Z',
    ...over,
  };
}

function render(balance: OrganizationBalance | (() => { status: number; body: unknown })) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return renderApp(
    `/organizations/${ORG_ID}?tab=payouts`,
    fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'USER', organizerRequest: 'APPROVED' })),
      [DETAIL]: ok(organization),
      [PAYOUT_STATUS]: ok({ status: 'ACTIVE', provider: 'sandbox', hasAccount: true }),
      [BALANCE]: typeof balance === 'function' ? balance : ok(balance),
    }),
  );
}

describe('payouts tab balance', () => {
  it('shows the held balance, payouts and due payments with their state, event and order', async () => {
    render({
      currency: 'USD',
      held: 42000,
      paidOut: 100000,
      pendingRefunds: 2500,
      payouts: [
        {
          _id: '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e',
          amount: 100000,
          createdAt: '2026-02-01T10:00:00.000Z',
        },
      ],
      dues: [
        due({}),
        due({
          _id: '4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f',
          purpose: 'EVENT_CANCELLATION',
          bookingId: null,
          bookingCode: null,
          status: 'PENDING',
          amount: 10000,
          paidAt: null,
        }),
      ],
    });
    expect((await screen.findByTestId('balance-held')).textContent).toBe('$420.00');
    expect(screen.getByTestId('balance-paid-out').textContent).toBe('$1,000.00');
    expect(screen.getByTestId('balance-pending').textContent).toBe('$25.00');
    expect(screen.getAllByTestId('payout')).toHaveLength(1);

    const [orderDue, eventDue] = screen.getAllByTestId('due-payment') as [HTMLElement, HTMLElement];
    expect(within(orderDue).getByText('$15.00')).toBeTruthy();
    expect(within(orderDue).getByText('Paid')).toBeTruthy();
    expect(within(orderDue).getByRole('link', { name: 'MQ-7K2F9' }).getAttribute('href')).toBe(
      `/orders/${BOOKING_ID}`,
    );
    expect(within(eventDue).getByText('$100.00')).toBeTruthy();
    expect(within(eventDue).getByText('Awaiting payment')).toBeTruthy();
    expect(
      within(eventDue).getByRole('link', { name: 'Cancellation of Jazz night' }).getAttribute('href'),
    ).toBe(`/orders/events/${EVENT_ID}/refund`);
  });

  it('says when there are no payouts and nothing is due', async () => {
    render({ currency: 'USD', held: 0, paidOut: 0, pendingRefunds: 0, payouts: [], dues: [] });
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();
    expect(screen.getByText(/^Nothing is due/)).toBeTruthy();
    expect(screen.queryAllByTestId('due-payment')).toHaveLength(0);
  });

  it('a failed read offers Retry', async () => {
    let reads = 0;
    render(() => {
      reads += 1;
      return reads === 1
        ? { status: 500, body: { message: 'Something broke' } }
        : ok({ currency: 'USD', held: 500, paidOut: 0, pendingRefunds: 0, payouts: [], dues: [] });
    });
    const error = await screen.findByText('Balance could not be loaded');
    await userEvent.click(
      within(error.closest('[data-testid="list-error"]') as HTMLElement).getByRole('button', {
        name: 'Retry',
      }),
    );
    expect((await screen.findByTestId('balance-held')).textContent).toBe('$5.00');
  });
});
