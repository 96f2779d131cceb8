import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

/**
 * The administrators' approval queues and dashboard (docs/approvals.md, docs/dashboards.md). This spec
 * changes only its own demo accounts (Priya, Marco, Carla: apps/server/src/db/seed-approvals.ts).
 */
const b = useBrowser();

const PRIYA = { email: 'priya@example.com', password: 'Priya#12345' };
const CARLA = { email: 'charity@example.com', password: 'Charity#12345' };

/** A Mantine Select: its label opens it, then the option is clicked. */
async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function otherPage(width = 1280) {
  const context = await b.browser.newContext({ baseURL: b.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('administrator dashboard', () => {
  it('shows the platform figures, charts and queue shortcuts; the period lives in the URL', async () => {
    const page = await b.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.admin);
    const dashboard = page.getByTestId('admin-dashboard');
    await dashboard.waitFor();
    for (const label of [
      'Users',
      'New sign-ups',
      'Approved organizers',
      'Pending organizer requests',
      'Pending non-profit requests',
      'Live events',
      'Orders',
      'Blocked users',
      'Blocked events',
    ]) {
      await dashboard.getByRole('group', { name: label, exact: true }).waitFor();
    }
    const usd = page.getByTestId('money-USD');
    for (const label of ['Gross sales', 'Fees earned', 'Refunds']) {
      await usd.getByRole('group', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Sign-ups and orders' }).waitFor();
    await page.getByRole('heading', { name: 'Gross sales' }).waitFor();
    // The demo orders were made over the last days: the charts have something to draw (as they come
    // near the screen).
    await page.getByRole('heading', { name: 'Sign-ups and orders' }).scrollIntoViewIfNeeded();
    await page.locator('.recharts-surface').first().waitFor();
    expect(Number(await page.getByTestId('figure-orders-value').textContent())).toBeGreaterThan(0);
    // At least the seeded ones (Priya and Marco; Carla): other journeys may have sent more meanwhile.
    const waiting = async (name: RegExp) =>
      Number((await page.getByRole('link', { name }).textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(await waiting(/^Review organizer requests \(\d+\)/)).toBeGreaterThanOrEqual(2);
    expect(await waiting(/^Review non-profit requests \(\d+\)/)).toBeGreaterThanOrEqual(1);
    await shot(page, 'admin-dashboard-1440');

    const range = page.getByTestId('dashboard-range');
    const monthRange = await range.textContent();
    const monthSignUps = await page.getByTestId('figure-sign-ups-value').textContent();
    await pick(page, 'Period', 'Today');
    await page.waitForURL(/period=TODAY/);
    await expect.poll(() => range.textContent()).not.toBe(monthRange);
    await pick(page, 'Period', 'Last 7 days');
    await page.waitForURL(/period=LAST_7_DAYS/);
    // Three demo accounts signed up 2, 5 and 12 days ago; the last 30 days count more than the last 7.
    await expect
      .poll(async () => Number(await page.getByTestId('figure-sign-ups-value').textContent()))
      .toBeLessThan(Number(monthSignUps));

    const phone = await otherPage(375);
    try {
      await signIn(phone.page, DEMO.admin);
      await phone.page
        .getByTestId('admin-dashboard')
        .getByRole('group', { name: 'Orders', exact: true })
        .waitFor();
      await phone.page.getByRole('heading', { name: 'Sign-ups and orders' }).scrollIntoViewIfNeeded();
      await phone.page.locator('.recharts-surface').first().waitFor();
      await shot(phone.page, 'admin-dashboard-375');
    } finally {
      await phone.close();
    }
  });
});

describe('organizer requests', () => {
  it('an administrator approves Priya; she then reaches the console', async () => {
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.admin);
    // Exact: the admin's dashboard also links there ("Review organizer requests (N)") once its figures load.
    await page.getByRole('link', { name: 'Organizer requests', exact: true }).click();
    await page.getByRole('heading', { name: 'Organizer requests', level: 1 }).waitFor();
    await page.getByText('Lotus Yoga Collective').first().waitFor();
    await page.getByText('Trattoria Cooking School').first().waitFor();
    await shot(page, 'organizer-requests-1440');

    // The details drawer, then the decision.
    await page.getByRole('button', { name: 'Review Priya Patel' }).click();
    const drawer = page.getByRole('dialog', { name: 'Organizer request: Priya Patel' });
    await drawer.getByText('Weekly vinyasa and restorative yoga').waitFor();
    await drawer.getByRole('button', { name: 'Approve Priya Patel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve organizer request' });
    await confirm.getByRole('button', { name: 'Cancel' }).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Organizer request approved. The user can now use the console.').first().waitFor();
    await page.getByText('Lotus Yoga Collective').waitFor({ state: 'detached' });

    const priya = await otherPage();
    try {
      await signIn(priya.page, PRIYA);
      await priya.page.getByRole('link', { name: 'Event management' }).waitFor();
      await priya.page.getByRole('link', { name: 'Organizations' }).waitFor();
    } finally {
      await priya.close();
    }
  });

  it('an administrator rejects Marco with a reason, which his email carries', async () => {
    const page = await b.newPage({ width: 1440, height: 900 });
    await signIn(page, DEMO.admin);
    await page.goto('/organizer-requests');
    await page.getByRole('button', { name: 'Reject Marco Rossi' }).click();
    const modal = page.getByRole('dialog', { name: 'Reject organizer request' });
    await modal.getByRole('button', { name: 'Reject request' }).click();
    await modal.getByText('Enter a reason for the rejection').waitFor();
    const reason = 'Please add the address of your kitchen and a food-safety certificate.';
    await modal.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await modal.getByRole('button', { name: 'Reject request' }).click();
    await toast(page, 'Organizer request rejected. The user was emailed the reason.').first().waitFor();
    await modal.waitFor({ state: 'detached' });

    await pick(page, 'Filter by status', 'Rejected');
    await page.waitForURL(/status=REJECTED/);
    await page.getByText(`Reason: ${reason}`).first().waitFor();

    await page.goto('/dev-outbox');
    const message = page.getByTestId('outbox-message').filter({ hasText: 'marco@example.com' }).first();
    await message.waitFor();
    expect(await message.textContent()).toContain(reason);

    const phone = await otherPage(375);
    try {
      await signIn(phone.page, DEMO.admin);
      await phone.page.goto('/organizer-requests?status=REJECTED');
      await phone.page.getByRole('heading', { name: 'Organizer requests', level: 1 }).waitFor();
      await phone.page.getByText('Trattoria Cooking School').first().waitFor();
      await shot(phone.page, 'organizer-requests-375');
      await phone.page.getByRole('button', { name: 'Review Rita Reyes' }).click();
      const drawer = phone.page.getByRole('dialog', { name: 'Organizer request: Rita Reyes' });
      await drawer.getByText('Reason:').first().waitFor();
      // The drawer slides in; the picture is taken once it fills the phone's width.
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
      await shot(phone.page, 'organizer-request-drawer-375');
    } finally {
      await phone.close();
    }
  });
});

describe('non-profit exemptions', () => {
  it('approving Carla’s exemption makes her event form’s fee preview show no fee', async () => {
    const carla = await otherPage();
    try {
      await signIn(carla.page, CARLA);
      const form = carla.page;
      async function quote(price: string) {
        await form.goto('/event-management/new');
        await form.getByRole('form', { name: 'Event' }).waitFor();
        await form.getByRole('button', { name: 'Tickets' }).click();
        const row = form.getByRole('group', { name: 'Ticket 1' });
        const quoted = form.waitForResponse(
          (r) => r.url().includes('/calculate-service-fee') && r.request().method() === 'POST',
        );
        await row.getByRole('textbox', { name: /^Price/ }).fill(price);
        const body = (await (await quoted).json()) as {
          result: { waived: boolean; items: { serviceFee: number }[] };
        };
        return { row, body: body.result };
      }
      const before = await quote('18.00');
      expect(before.body.waived).toBe(false);
      expect(before.body.items[0]?.serviceFee).toBeGreaterThan(0);

      const page = await b.newPage({ width: 1440, height: 900 });
      await signIn(page, DEMO.admin);
      // Exact: the admin's dashboard also links there ("Review non-profit requests (N)") once its figures load.
      await page.getByRole('link', { name: 'Non-profit requests', exact: true }).click();
      await page.getByRole('heading', { name: 'Non-profit requests', level: 1 }).waitFor();
      await page.getByText('Harbor Community Choir Inc.').first().waitFor();
      const document = page
        .getByRole('link', { name: /View document of Harbor Community Choir Inc\./ })
        .first();
      expect(await document.getAttribute('href')).toMatch(/^\/media\/.+\.pdf$/);
      await shot(page, 'non-profit-requests-1440');
      await page.getByRole('button', { name: 'Approve Carla Charity' }).click();
      await page
        .getByRole('dialog', { name: 'Approve non-profit exemption' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await toast(page, 'Non-profit exemption approved. No service fee is charged on their new sales.')
        .first()
        .waitFor();

      const after = await quote('18.00');
      expect(after.body.waived).toBe(true);
      expect(after.body.items[0]?.serviceFee).toBe(0);
      const preview = after.row.getByTestId('fee-preview');
      await preview.getByText('Fee waived').waitFor();
      await preview.getByText('$0.00').first().waitFor();
    } finally {
      await carla.close();
    }
  });
});
