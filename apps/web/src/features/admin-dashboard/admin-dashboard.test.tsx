import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const DASHBOARD = 'GET /api/v1/admin/dashboard/get-admin-dashboard';

const trend = (value: number, previous: number, changePercent: number | null) => ({
  value,
  previous,
  changePercent,
});

function figures(
  period: string,
  series: { date: string; signUps: number; orders: number; grossSales: Record<string, number> }[],
) {
  return {
    period,
    range: { from: '2026-11-15', to: '2026-11-21' },
    previousRange: { from: '2026-11-08', to: '2026-11-14' },
    timeZone: 'UTC',
    users: { total: 12, newInPeriod: trend(3, 6, -50) },
    approvedOrganizers: 2,
    pendingOrganizerRequests: 2,
    pendingNonProfitRequests: 0,
    liveEvents: 5,
    blockedUsers: 1,
    blockedEvents: 1,
    orders: trend(0, 0, null),
    currencies: [],
    bucket: 'DAY',
    series,
  };
}

describe('administrator dashboard', () => {
  it('shows figures with their change in words, empty charts, queue shortcuts, and keeps the period in the URL', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [DASHBOARD]: (call) => ({
        status: 200,
        body: {
          message: 'ok',
          result: figures(call.query.period ?? 'LAST_30_DAYS', [
            { date: '2026-11-21', signUps: 0, orders: 0, grossSales: {} },
          ]),
        },
      }),
    });
    const { router } = renderApp('/dashboard', api);
    const signUps = await screen.findByRole('group', { name: 'New sign-ups' });
    expect(within(signUps).getByText('3')).toBeTruthy();
    expect(within(signUps).getByText(/Down 50%/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review organizer requests (2)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Review non-profit requests/ })).toBeNull();
    expect(screen.getByText('No sign-ups or orders in this period.')).toBeTruthy();
    expect(screen.getByText('No sales in this period.')).toBeTruthy();

    await userEvent.click(screen.getAllByLabelText('Period')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(currentUrl(router)).toContain('period=LAST_7_DAYS'));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path.endsWith('get-admin-dashboard') && c.query.period === 'LAST_7_DAYS'),
      ).toBe(true),
    );
  });

  it('says what failed and retries', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    let calls = 0;
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [DASHBOARD]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { message: 'The database is not answering.' } }
          : { status: 200, body: { message: 'ok', result: figures('LAST_30_DAYS', []) } };
      },
    });
    renderApp('/dashboard', api);
    const failed = await screen.findByTestId('list-error', {}, { timeout: 5000 });
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Live events' })).toBeTruthy();
  });
});
