import {
  type OrderSummary,
  type OrganizerDashboard,
  organizerBookingList,
  organizerDashboard,
} from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, organizerToken } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();

/** The same call the screen makes, in the browser's zone (the `timezone` header the console sends). */
async function dashboardOf(token: string, zone: string, query: Record<string, string>) {
  return apiCall<OrganizerDashboard>(b.baseUrl, 'GET', organizerDashboard.path, {
    query,
    headers: { accesstoken: token, timezone: zone },
  });
}

/** Every confirmed order of the days (created in them; demo orders confirm minutes after checkout). */
async function confirmedOrders(token: string, zone: string, from: string, to: string) {
  const orders: OrderSummary[] = [];
  for (let page = 1; ; page += 1) {
    const list = await apiCall<{ items: OrderSummary[]; total: number }>(
      b.baseUrl,
      'GET',
      organizerBookingList.path,
      {
        query: { status: 'CONFIRMED', from, to, page: String(page), limit: '100' },
        headers: { accesstoken: token, timezone: zone },
      },
    );
    orders.push(...list.items);
    if (orders.length >= list.total || list.items.length === 0) return orders;
  }
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

/** The value shown on one figure card of a currency's set. */
const card = (page: Page, currency: string, label: string) =>
  page
    .getByTestId(`figures-${currency}`)
    .getByRole('region', { name: label, exact: true })
    .getByTestId('figure-value');

describe('organizer dashboard', () => {
  it('shows the demo figures and charts, follows the period, and opens the door screen', async () => {
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const token = await organizerToken(b.baseUrl);

    const month = await dashboardOf(token, zone, {});
    const figures = month.currencies[0];
    expect(figures, 'the demo orders are recent: the last 30 days have sales').toBeDefined();
    if (!figures) return;
    const { currency } = figures;
    expect(figures.grossSales.value).toBeGreaterThan(0);

    // The screen shows what the API answers for the same query.
    await page.getByTestId(`figures-${currency}`).waitFor();
    expect(await card(page, currency, 'Gross sales').textContent()).toBe(
      money(figures.grossSales.value, currency),
    );
    expect(await card(page, currency, 'Orders').textContent()).toBe(
      figures.orders.value.toLocaleString('en-US'),
    );
    expect(await card(page, currency, 'Tickets sold').textContent()).toBe(
      figures.ticketsSold.value.toLocaleString('en-US'),
    );
    expect(await card(page, currency, 'Net to organizer').textContent()).toBe(
      money(figures.netToOrganizer.value, currency),
    );
    for (const label of ['Service fees', 'Refunds', 'Average order']) {
      await page
        .getByTestId(`figures-${currency}`)
        .getByRole('region', { name: label, exact: true })
        .waitFor();
    }
    await page.getByRole('region', { name: 'Check-in rate' }).waitFor();
    await page.getByRole('region', { name: 'Amount owed' }).waitFor();

    // Gross sales and orders recomputed from the demo orders themselves.
    const orders = (await confirmedOrders(token, zone, month.period.from, month.period.to)).filter(
      (o) => o.currency === currency,
    );
    expect(figures.orders.value).toBe(orders.length);
    expect(figures.grossSales.value).toBe(orders.reduce((sum, o) => sum + o.total, 0));

    // The charts, each with its numbers in a table; each is drawn as it comes near the screen.
    for (const title of ['Sales over time', 'Tickets sold over time', 'Sales by event', 'Ticket types']) {
      const chart = page.getByRole('region', { name: title });
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('.recharts-surface').first().waitFor();
    }
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(4);
    const byEvent = page.getByRole('region', { name: 'Sales by event' });
    await byEvent.getByRole('button', { name: 'Show as table' }).click();
    const top = month.byEvent[0];
    if (!top) throw new Error('no event sold');
    const row = byEvent.getByRole('row').filter({ hasText: top.title }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(money(top.grossSales, top.currency));
    await shot(page, 'dashboard-1440');

    // Another period: the URL keeps it and the figures are that period's.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await page.waitForURL(/period=TODAY/);
    const today = await dashboardOf(token, zone, { period: 'TODAY' });
    const todayFigures = today.currencies.find((c) => c.currency === currency);
    const orderCard = card(page, currency, 'Orders');
    if (todayFigures) {
      await expect
        .poll(() => orderCard.textContent(), { timeout: 10_000 })
        .toBe(todayFigures.orders.value.toLocaleString('en-US'));
      // A day's figures compare with yesterday.
      const orderChange = page
        .getByTestId(`figures-${currency}`)
        .getByRole('region', { name: 'Orders', exact: true })
        .getByTestId('figure-change');
      expect(await orderChange.textContent()).toMatch(/yesterday|either period/);
    } else {
      await page.getByTestId('no-sales').waitFor();
    }

    // An upcoming event's Check-in quick link opens its door screen.
    const checkIn = page.getByRole('link', { name: /^Check-in of / }).first();
    const label = (await checkIn.getAttribute('aria-label')) ?? '';
    const title = label.replace(/^Check-in of /, '');
    await checkIn.click();
    await page.waitForURL(/\/orders\/events\/[^/]+\/check-in/);
    await page.getByRole('heading', { name: title }).waitFor();
  });

  it("keeps its figures large whatever Mantine stylesheet comes after the screen's own", async () => {
    // The figures' size is set by the screen's CSS module with a single class, as Mantine's Text sets
    // its own: with Mantine's rules outside their cascade layer, the stylesheet inserted last won the
    // tie, and the numbers showed in body-size type once the whole stylesheet came (after the first
    // paint, with the upcoming events' rows, or with the next screen). 1.5rem from 48em on.
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.organizer);
    const value = page.getByTestId('figure-value').first();
    await value.waitFor();
    const sizes = () =>
      value.evaluate((el) => [
        getComputedStyle(el).fontSize,
        `${Number.parseFloat(getComputedStyle(document.documentElement).fontSize) * 1.5}px`,
      ]);
    const [first, expected] = await sizes();
    expect(first).toBe(expected);
    // Another screen brings Mantine's whole stylesheet; back on the dashboard, it is still there.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await value.waitFor();
    expect(await page.locator('link[rel="stylesheet"][href*="mantine-all"]').count()).toBeGreaterThan(0);
    expect((await sizes())[0]).toBe(expected);
  });

  it('fits a phone: cards stack and the charts shrink', async () => {
    const page = await b.newPage({ width: 375, height: 812 });
    await signIn(page, DEMO.organizer);
    // The figures in their phone size (1.125rem below 48em), not Mantine's body size.
    const value = page.getByTestId('figure-value').first();
    await value.waitFor();
    expect(
      await value.evaluate(
        (el) =>
          Number.parseFloat(getComputedStyle(el).fontSize) /
          Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      ),
    ).toBe(1.125);
    await page.getByRole('heading', { name: 'Sales over time' }).scrollIntoViewIfNeeded();
    await page.locator('.recharts-surface').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dashboard-375');
  });
});
