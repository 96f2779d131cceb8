import { addFavoriteUser, panelOrganizationList } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, organizerToken } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();

const BLOCKED_MESSAGE = 'Your account has been blocked. Please contact support.';
const REASON = 'Reselling tickets above face value';

/** The newest invitation link to `to`, read from the dev outbox as the administrator. */
async function invitationLink(adminPage: Page, to: string): Promise<string> {
  await adminPage.goto('/dev-outbox');
  const message = adminPage.getByTestId('outbox-message').filter({ hasText: to }).first();
  await message.waitFor();
  const text = (await message.textContent()) ?? '';
  const link = text.match(/https?:\/\/[^\s"]+\/reset-link\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link for ${to}`);
  return new URL(link).pathname;
}

/** A fresh person with console access: invited by the demo organizer, password set from the link. */
async function freshMember(adminPage: Page, email: string, password: string) {
  const token = await organizerToken(b.baseUrl);
  const headers = { accesstoken: token };
  const organizations = await apiCall<{ items: { _id: string; access: string }[] }>(
    b.baseUrl,
    'GET',
    panelOrganizationList.path,
    { query: { limit: '100' }, headers },
  );
  const owned = organizations.items.find((o) => o.access === 'OWNER');
  if (!owned) throw new Error('the demo organizer owns no organization');
  await apiCall(b.baseUrl, 'POST', addFavoriteUser.path, {
    headers,
    body: { organizationId: owned._id, email, firstName: 'Mona', lastName: 'Member', sendInvite: true },
  });
  const link = await invitationLink(adminPage, email);
  const context = await b.browser.newContext({ baseURL: b.baseUrl });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password and join' }).click();
  await page.waitForURL('**/login');
  await signIn(page, { email, password });
  return { page, close: () => context.close() };
}

/** Finds a person by the list's search and opens their detail. */
async function openUser(page: Page, search: string, name: string) {
  await page.goto('/user-management');
  await page.getByRole('heading', { name: 'User management' }).waitFor();
  await page.getByRole('textbox', { name: 'Search users' }).fill(search);
  // The search reaches the URL after its debounce; clicking before would be undone by it.
  await page.waitForURL((url) => url.searchParams.get('search') === search);
  await page.getByRole('link', { name, exact: true }).first().click();
  await page.waitForURL(/\/user-management\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name }).waitFor();
}

describe('user management', () => {
  it('finds users, opens every tab, blocks a signed-in member who is logged out on their next call, and shows it in the audit log', async () => {
    const email = `mona.${Date.now().toString(36)}@example.test`;
    const password = 'Member#12345';
    const adminContext = await b.browser.newContext({ baseURL: b.baseUrl });
    const setupPage = await adminContext.newPage();
    await signIn(setupPage, DEMO.admin);
    const member = await freshMember(setupPage, email, password);
    await adminContext.close();
    try {
      const page = await b.newPage({ width: 1440, height: 900 });
      await signIn(page, DEMO.admin);
      await page.getByRole('link', { name: 'User management' }).first().click();
      await page.getByRole('heading', { name: 'User management' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      // Filters narrow the list (the server tests check what they keep).
      const filtered = page.waitForRequest(
        (r) => r.url().includes('get-user-list') && r.url().includes('role=ADMIN'),
      );
      await page.getByRole('combobox', { name: 'Role', exact: true }).click();
      await page.getByRole('option', { name: 'Administrator' }).click();
      await filtered;
      await page.getByRole('link', { name: DEMO.admin.name }).waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('link', { name: DEMO.buyer.name }).waitFor();
      await shot(page, 'user-management-1440');

      // Organizers view.
      await page.getByText('Organizers', { exact: true }).click();
      await page.getByRole('table', { name: 'Organizers' }).waitFor();
      await page.getByRole('link', { name: DEMO.organizer.name }).waitFor();
      await page.getByText('All users', { exact: true }).click();

      // The buyer: a row of Events booked opens the order in a drawer; no empty details tab.
      await openUser(page, 'ben', DEMO.buyer.name);
      await page.getByTestId('basic-profile').getByText(DEMO.buyer.email).waitFor();
      expect(await page.getByRole('tab', { name: 'Booked event details' }).count()).toBe(0);
      await page.getByRole('tab', { name: 'Events booked' }).click();
      const orders = page.getByRole('table', { name: 'Events booked' });
      await orders.waitFor();
      const status = page.waitForRequest(
        (r) => r.url().includes('get-user-booking-list') && r.url().includes('status=CONFIRMED'),
      );
      await page.getByRole('combobox', { name: 'Order status' }).click();
      await page.getByRole('option', { name: 'Confirmed' }).click();
      await status;
      // A paid order (the demo also books the buyer free invitations, which may be the newest): its
      // drawer shows the payment.
      await orders
        .locator('tbody tr')
        .filter({ hasNotText: /[$€£]0\.00/ })
        .first()
        .locator('a')
        .first()
        .click();
      await page.waitForURL(/\/booked-event-details\/[0-9a-f-]{36}$/);
      const drawer = page.getByRole('dialog', { name: 'Booked event details' });
      const details = drawer.getByTestId('booked-event-details');
      await details.getByRole('table', { name: 'Tickets' }).waitFor();
      await details.getByRole('table', { name: 'Payments' }).getByText('Succeeded').first().waitFor();
      // The list stays behind the drawer; closing it goes back there.
      expect(await page.getByRole('tab', { name: 'Events booked' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await drawer.getByRole('button', { name: 'Close the order' }).click();
      await page.waitForURL(/\/events-booked$/);
      await orders.waitFor();
      await page.getByRole('tab', { name: 'Organizations' }).click();
      await page.getByText('This user neither owns nor belongs to an organization.').waitFor();
      expect(await page.getByRole('tab', { name: 'Created events' }).count()).toBe(0);

      // The organizer: Created events and Organizations.
      await openUser(page, 'olivia', DEMO.organizer.name);
      await page.getByRole('tab', { name: 'Created events' }).click();
      const created = page.getByRole('table', { name: 'Created events' });
      await created.locator('tbody tr').first().waitFor();
      await page.getByRole('tab', { name: 'Organizations' }).click();
      await page.getByTestId('user-organizations').getByText('Owner').first().waitFor();

      // Block the fresh member while their console is open.
      await openUser(page, email, 'Mona Member');
      await page
        .getByTestId('page-header')
        .getByTestId('user-status')
        .filter({ hasText: 'Active' })
        .waitFor();
      await page.getByRole('button', { name: 'Block user' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Block user' }).click();
      await dialog.getByText('Enter a reason for blocking').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
      await dialog.getByRole('button', { name: 'Block user' }).click();
      await toast(page, 'The user has been blocked.').waitFor();
      await page
        .getByTestId('page-header')
        .getByTestId('user-status')
        .filter({ hasText: 'Blocked' })
        .waitFor();
      await page.getByTestId('basic-profile').getByText(REASON).waitFor();
      await page.getByRole('button', { name: 'Unblock user' }).waitFor();

      // The member's next call: the server's message, and the login screen.
      await member.page.getByRole('link', { name: 'Organizations' }).first().click();
      await toast(member.page, BLOCKED_MESSAGE).waitFor();
      await member.page.waitForURL('**/login**');
      await member.page.getByRole('button', { name: 'Sign in' }).waitFor();

      // The audit log shows the block with its diff.
      await page.getByRole('link', { name: 'Audit log' }).first().click();
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      const actions = page.waitForRequest(
        (r) => r.url().includes('get-audit-log-list') && r.url().includes('action=USER_BLOCKED'),
      );
      await page.getByRole('combobox', { name: 'Action', exact: true }).click();
      await page.getByRole('option', { name: 'User blocked' }).click();
      await actions;
      const entry = page.getByTestId('audit-entry').first();
      await entry.getByText(DEMO.admin.name).waitFor();
      await entry.getByRole('button').first().click();
      const diff = entry.getByRole('table', { name: 'Changes of User blocked' });
      await diff.getByText('BLOCKED', { exact: true }).waitFor();
      await diff.getByText(REASON).waitFor();
      await diff.getByText('ACTIVE', { exact: true }).waitFor();
      // The panel has finished opening: the whole diff lies inside the entry.
      await page.waitForFunction(() => {
        const table = document.querySelector('[data-testid=audit-entry] table');
        const box = table?.closest('[data-testid=audit-entry]')?.getBoundingClientRect();
        return !!table && !!box && table.getBoundingClientRect().bottom <= box.bottom;
      });
      await shot(page, 'audit-log-1440');
    } finally {
      await member.close();
    }
  }, 180_000);

  it('fits a phone: the list as cards and the detail with its tabs and actions in reach', async () => {
    const page = await b.newPage({ width: 375, height: 800 });
    await signIn(page, DEMO.admin);
    await page.goto('/user-management');
    await page.getByRole('heading', { name: 'User management' }).waitFor();
    await page.getByRole('link', { name: DEMO.buyer.name }).first().waitFor();
    await shot(page, 'user-management-375');
    await page.getByRole('link', { name: DEMO.buyer.name }).first().click();
    await page.getByRole('heading', { name: DEMO.buyer.name }).waitFor();
    await page.getByRole('button', { name: 'Block user' }).waitFor();
    await page.getByTestId('basic-profile').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'user-detail-375');
  }, 60_000);
});
