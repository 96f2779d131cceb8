import { organizerDashboard } from '@marquee/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';
import { FIGURES_PATH } from './api/early-figures';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const FIGURES = `GET ${organizerDashboard.path}`;
const UPCOMING = 'GET /api/v1/organizer/dashboard-upcoming-event-list';
const ORGANIZATIONS = 'GET /api/v1/organization/panel-organization-list';

const figure = (value: number, previous: number) => ({
  value,
  previous,
  change: previous ? (value - previous) / previous : null,
});

const DASHBOARD = {
  period: {
    from: '2026-10-28',
    to: '2026-11-26',
    previousFrom: '2026-09-28',
    previousTo: '2026-10-27',
    timeZone: 'UTC',
    bucket: 'DAY',
  },
  currencies: [
    {
      currency: 'EUR',
      grossSales: figure(403600, 0),
      serviceFees: figure(24174, 0),
      netToOrganizer: figure(379426, 0),
      refunds: figure(0, 0),
      ticketsSold: figure(197, 100),
      orders: figure(95, 0),
      averageOrder: figure(4248, 0),
    },
  ],
  checkIn: { admitted: 0, tickets: 0, rate: null },
  dues: [],
  payout: null,
  series: [
    { date: '2026-11-25', currency: 'EUR', grossSales: 10000, ticketsSold: 4 },
    { date: '2026-11-26', currency: 'EUR', grossSales: 393600, ticketsSold: 193 },
  ],
  byEvent: [
    {
      eventId: '7d0c1a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b',
      title: 'Jazz night',
      currency: 'EUR',
      grossSales: 403600,
      ticketsSold: 197,
    },
  ],
  byTicketType: [
    { name: 'Standard', eventTitle: 'Jazz night', currency: 'EUR', ticketsSold: 197, grossSales: 403600 },
  ],
};

const UPCOMING_EVENT = {
  _id: '7d0c1a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b',
  title: 'Jazz night',
  kind: 'SINGLE',
  startsAt: '2026-11-27T19:00:00.000Z',
  timeZone: 'Europe/Paris',
  organization: { _id: '1e0c1a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b', name: 'Riverside Jazz Club' },
  sold: 55,
  capacity: 190,
  canReadOrders: true,
  canScan: true,
};

const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });

function api(figures: () => { status: number; body: unknown }) {
  return fakeApi({
    [PROFILE]: profileAnswer(ORGANIZER),
    [FIGURES]: figures,
    [UPCOMING]: {
      status: 200,
      body: { message: 'ok', result: { items: [UPCOMING_EVENT], total: 1, page: 1, limit: 5 } },
    },
    [ORGANIZATIONS]: {
      status: 200,
      body: { message: 'ok', result: { items: [], total: 0, page: 1, limit: 100 } },
    },
  });
}

/** The browser's address is the dashboard's, as when it is opened (the figures are asked for from it). */
function openDashboard(figures: () => { status: number; body: unknown }) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  window.history.replaceState(null, '', '/dashboard');
  const fake = api(figures);
  return { ...renderApp('/dashboard', fake), api: fake };
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('organizer dashboard', () => {
  it('asks for the figures once, alongside the screen, and shows them', async () => {
    // Nothing comes into view in jsdom: the charts keep their placeholders.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const { api: fake } = openDashboard(() => ({ status: 200, body: { message: 'ok', result: DASHBOARD } }));
    const figures = await screen.findByTestId('figures-EUR');
    expect(within(figures).getByRole('region', { name: 'Gross sales' }).textContent).toContain('€4,036.00');
    expect(within(figures).getByRole('region', { name: 'Tickets sold' }).textContent).toContain(
      '+97% vs previous 30 days',
    );
    // The early calls were taken over: one call for the figures and one for the profile, both asked for
    // as the routes matched, before the lists the screen asks for itself.
    const calls = fake.calls.map((c) => `${c.method} ${c.path}`);
    expect(calls.filter((c) => c === FIGURES)).toHaveLength(1);
    expect(calls.filter((c) => c === PROFILE)).toHaveLength(1);
    expect(calls.slice(0, 2).sort()).toEqual([FIGURES, PROFILE].sort());
    expect(fake.calls.find((c) => c.path === organizerDashboard.path)?.query).toEqual({
      period: 'LAST_30_DAYS',
    });

    // The next events, their rows from their own chunk, in the event's zone.
    const upcoming = await screen.findByTestId('upcoming-event');
    expect(upcoming.textContent).toContain('Fri, Nov 27, 2026 · 8:00 PM · Riverside Jazz Club');
    expect(upcoming.textContent).toContain('55 / 190 sold');

    // The charts wait until they come near the screen, keeping their place; their numbers are there.
    const byEvent = screen.getByRole('region', { name: 'Sales by event' });
    expect(within(byEvent).getByTestId('chart-placeholder')).toBeTruthy();
    expect(within(byEvent).getByRole('table', { name: 'Sales by event' }).textContent).toContain(
      'Jazz night',
    );
    // The on-screen table's code comes when it is asked for.
    await userEvent.click(within(byEvent).getByRole('button', { name: 'Show as table' }));
    expect((await within(byEvent).findByRole('table', { name: 'Sales by event' })).textContent).toContain(
      '€4,036.00',
    );
  });

  it('says the figures failed and retries, even though the early call failed too', async () => {
    let calls = 0;
    openDashboard(() => {
      calls += 1;
      return calls <= 2
        ? { status: 500, body: { message: 'The database is not answering.' } }
        : { status: 200, body: { message: 'ok', result: DASHBOARD } };
    });
    const failed = await screen.findByTestId('list-error');
    expect(failed.textContent).toContain('The dashboard');
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('figures-EUR')).toBeTruthy();
  });

  it("calls the figures' path of the contract", () => {
    expect(FIGURES_PATH).toBe(organizerDashboard.path);
  });
});
