import { CONFIRM_LABELS } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';

const b = useBrowser();

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const ORG = 'Harbor Lights Collective';
const MEMBER = { email: 'e2e.member@example.test', password: 'Harbor#12345' };

async function separatePage(account: { email: string; password: string }) {
  const context = await b.browser.newContext({ baseURL: b.baseUrl });
  const page = await context.newPage();
  await signIn(page, account);
  return { page, close: () => context.close() };
}

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

describe('organizations', () => {
  it('creates an organization with a logo, edits settings, invites a member who joins, deactivates them, onboards payouts', async () => {
    const admin = await separatePage(DEMO.admin);
    let member: Awaited<ReturnType<typeof separatePage>> | undefined;
    try {
      const page = await b.newPage();
      await signIn(page, DEMO.organizer);
      await page.getByRole('link', { name: 'Organizations' }).first().click();
      await page.waitForURL('**/organizations');
      await page.getByRole('link', { name: 'Add organization' }).click();
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.getByText('The organization name needs at least 2 characters').waitFor();
      await page.getByLabel('Name').fill(ORG);
      await page.getByLabel('Website').fill('harbor.example');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('image-preview').waitFor();
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.getByText('Enter the website starting with http:// or https://').waitFor();
      expect(await page.getByLabel('Name').inputValue()).toBe(ORG);
      await page.getByLabel('Website').fill('https://harbor.example');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await toast(page, `Organization "${ORG}" created.`).waitFor();
      await page.waitForURL(/\/organizations\/[0-9a-f-]{36}$/);
      const detailsUrl = new URL(page.url()).pathname;
      await page.getByRole('img', { name: `${ORG} logo` }).waitFor();

      // Refund and ticket settings on the edit screen.
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('radio', { name: 'Any time before the start' }).check();
      await page.getByRole('checkbox', { name: 'Refund the service fee too' }).check();
      await page.getByRole('button', { name: 'Save refund settings' }).click();
      await toast(page, 'Refund settings saved.').waitFor();
      await page.getByLabel('Maximum tickets per order').fill('4');
      await page.getByRole('radio', { name: 'Organizer absorbs it' }).check();
      await page.getByRole('checkbox', { name: 'Buyers may transfer tickets to someone else' }).uncheck();
      await page.getByRole('button', { name: 'Save ticket settings' }).click();
      await toast(page, 'Ticket settings saved.').waitFor();
      await page.goto(`${detailsUrl}?tab=settings`);
      const summary = page.getByTestId('settings-summary');
      await summary.getByText('Any time before the start').waitFor();
      await summary.getByText('Organizer absorbs it').waitFor();
      await summary.getByText('Not allowed').waitFor();

      // Invite a member; the email is read from the dev outbox.
      await page.getByRole('tab', { name: 'Team' }).click();
      await page.getByRole('link', { name: 'Invite member' }).click();
      await page.getByLabel('Email address').fill(MEMBER.email);
      await page.getByLabel('First name').fill('Hana');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await toast(page, `Invitation sent to ${MEMBER.email}.`).waitFor();
      await page.getByRole('link', { name: 'Hana' }).waitFor();
      const link = await invitationLink(admin.page, MEMBER.email);

      // The member sets a password from the link, signs in and sees only this organization.
      const context = await b.browser.newContext({ baseURL: b.baseUrl });
      const memberPage = await context.newPage();
      member = { page: memberPage, close: () => context.close() };
      await memberPage.goto(link);
      await memberPage.getByRole('heading', { name: `Join ${ORG}` }).waitFor();
      await memberPage.getByLabel('New password', { exact: true }).fill(MEMBER.password);
      await memberPage.getByLabel('Confirm new password').fill(MEMBER.password);
      await memberPage.getByRole('button', { name: 'Set password and join' }).click();
      await memberPage.waitForURL('**/login');
      await signIn(memberPage, MEMBER);
      await memberPage.getByRole('link', { name: 'Organizations' }).first().click();
      await memberPage.getByRole('link', { name: ORG }).waitFor();
      await memberPage.getByText('1–1 of 1').waitFor();
      expect(await memberPage.getByRole('link', { name: 'Riverside Jazz Club' }).count()).toBe(0);

      // The organizer deactivates the member ...
      await page.getByRole('link', { name: 'Hana' }).click();
      await page.getByTestId('member-status').filter({ hasText: 'Active' }).waitFor();
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: CONFIRM_LABELS.confirm, exact: true })
        .click();
      await page.getByTestId('member-status').filter({ hasText: 'Inactive' }).waitFor();

      // ... and the member's next organization call is refused.
      await memberPage.getByRole('link', { name: ORG }).click();
      await toast(memberPage, 'The organization was not found.').waitFor();
      await memberPage.getByText('Page not found').waitFor();

      // Sandbox payout onboarding ends with the status shown as active.
      await page.goto(`${detailsUrl}?tab=payouts`);
      await page.getByTestId('payout-status').filter({ hasText: 'Not set up' }).waitFor();
      await page.getByRole('button', { name: 'Set up payouts' }).click();
      await page.getByRole('button', { name: 'Complete onboarding' }).click();
      await page.waitForURL(/tab=payouts/);
      await page.getByTestId('payout-status').filter({ hasText: 'Active' }).waitFor();
    } finally {
      await member?.close();
      await admin.close();
    }
  }, 120_000);

  it('lets an administrator filter every organization by its owner', async () => {
    // Which organizations a filter keeps is the server tests' job; here: the picker drives the list call.
    const page = await b.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/organizations');
    await page.getByRole('link', { name: 'Riverside Jazz Club' }).waitFor();
    await page.getByRole('combobox', { name: 'Filter by owner' }).fill('olivia');
    const filtered = page.waitForRequest(
      (r) => r.url().includes('panel-organization-list') && r.url().includes('ownerId='),
    );
    await page.getByRole('option', { name: /Olivia Organizer \(\d+\)/ }).click();
    await filtered;
    expect(new URL(page.url()).searchParams.get('ownerName')).toBe('Olivia Organizer');
    await page.getByRole('link', { name: 'Riverside Jazz Club' }).waitFor();
  });
});
