import {
  CONFIRM_LABELS,
  DEFAULT_MEDIA_MAX_BYTES,
  DEV_CLIENT_CREDENTIALS,
  emptySelectionMessage,
  MEDIA_MESSAGES,
  MESSAGES,
} from '@marquee/contract';
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
const file = (name: string, buffer: Buffer, mimeType = 'image/png') => ({ name, mimeType, buffer });

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: CONFIRM_LABELS.cancel, exact: true }).waitFor();
  await dialog.getByRole('button', { name: CONFIRM_LABELS.confirm, exact: true }).click();
}

/** The organizer asks for a tag through the API, as the event form will. */
async function organizerRequestsTag(baseUrl: string, name: string) {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  const headers = {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    secretkey: secretKey,
  };
  const login = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.organizer.email, password: DEMO.organizer.password }),
  });
  const token = (await login.json()).result.accessToken;
  const asked = await fetch(`${baseUrl}/api/v1/admin/tag/tag-request`, {
    method: 'POST',
    headers: { ...headers, accesstoken: token, 'content-type': 'application/json' },
    body: JSON.stringify({ name, note: 'For rooftop parties' }),
  });
  expect(asked.status).toBe(200);
}

describe('catalog administration', () => {
  it('category with image and popular flag, subcategory, tags with bulk delete and a request, banner lifecycle', async () => {
    const page = await b.newPage();
    await signIn(page, DEMO.admin);

    // Category with an image; a non-image, an oversized file and two files are refused first.
    await page.getByRole('link', { name: 'Category management' }).click();
    await page.getByRole('table', { name: 'Categories' }).getByText('Music').waitFor();
    await page.getByRole('button', { name: 'Add category' }).click();
    const modal = page.getByRole('dialog', { name: 'Add category' });
    await modal.getByLabel('Name').fill('Jazz Nights');
    const input = modal.locator('input[type=file]');
    await input.setInputFiles(file('cat.png', Buffer.from('this is plain text, not a picture'), 'image/png'));
    await toast(page, MEDIA_MESSAGES.notImage).waitFor();
    const huge = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(DEFAULT_MEDIA_MAX_BYTES + 1024)]);
    await input.setInputFiles(file('huge.png', huge));
    await toast(page, MEDIA_MESSAGES.tooLarge(DEFAULT_MEDIA_MAX_BYTES)).waitFor();
    expect(MEDIA_MESSAGES.tooLarge(DEFAULT_MEDIA_MAX_BYTES)).toContain('5 MB');
    await input.setInputFiles([file('a.png', PNG), file('b.png', PNG)]);
    await modal.getByText(MESSAGES.imageLimit()).waitFor();
    expect(MESSAGES.imageLimit()).toBe('You can select upto 1 images only');
    await input.setInputFiles(file('jazz.png', PNG));
    await modal.getByTestId('image-preview').waitFor();
    expect(await modal.getByLabel('Name').inputValue()).toBe('Jazz Nights');
    await modal.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Category "Jazz Nights" created.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Jazz Nights' });
    const src = await row.getByRole('img', { name: 'Jazz Nights' }).getAttribute('src');
    expect(src).toMatch(/^\/media\/[0-9a-f-]{36}-thumb\.webp$/);

    // Popular through the confirm dialog.
    await row.getByRole('switch', { name: 'Popular: Jazz Nights' }).click({ force: true });
    await confirmDialog(page);
    await toast(page, 'Category "Jazz Nights" marked as popular.').waitFor();
    // The toast comes before the list is fetched again: wait for the row to show the new state.
    await row.getByRole('switch', { name: 'Popular: Jazz Nights', checked: true }).waitFor();

    // A subcategory under it.
    await page.getByRole('tab', { name: 'Subcategories' }).click();
    await page.waitForURL('**/category-management/subcategories');
    await page.getByRole('button', { name: 'Add subcategory' }).click();
    const subModal = page.getByRole('dialog', { name: 'Add subcategory' });
    await subModal.getByLabel('Name').fill('Bebop');
    await subModal.getByPlaceholder('Choose categories').click();
    await page.getByRole('option', { name: 'Jazz Nights' }).click();
    await page.keyboard.press('Escape');
    await subModal.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Subcategory "Bebop" created.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Bebop' }).getByText('Jazz Nights').waitFor();

    // Tags: empty-selection message, create two, bulk delete them.
    await page.getByRole('link', { name: 'Tag management' }).click();
    await page.getByRole('table', { name: 'Tags' }).getByText('Advanced').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await toast(page, emptySelectionMessage('delete')).waitFor();
    for (const name of ['E2E first', 'E2E second']) {
      await page.getByRole('button', { name: 'Add tag' }).click();
      const tagModal = page.getByRole('dialog', { name: 'Add tag' });
      await tagModal.getByLabel('Name').fill(name);
      await tagModal.getByRole('button', { name: 'Create' }).click();
      await toast(page, `Tag "${name}" created.`).waitFor();
    }
    await page.getByLabel('Search tags').fill('E2E');
    await page.waitForURL('**/tag-management?search=E2E');
    await page.getByText('1–2 of 2').waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-count').filter({ hasText: '2 selected' }).waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await confirmDialog(page);
    await toast(page, '2 tags deleted.').waitFor();
    await page.getByTestId('empty-state').filter({ hasText: 'Nothing matches "E2E".' }).waitFor();

    // An organizer's tag request, approved.
    await organizerRequestsTag(b.baseUrl, 'Rooftop');
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('button', { name: 'Approve Rooftop' }).click();
    await confirmDialog(page);
    await toast(page, 'Request approved: the tag "Rooftop" now exists.').waitFor();

    // Banner visible BOTH: create, edit, delete.
    await page.getByRole('link', { name: 'Banner management' }).click();
    await page.getByRole('link', { name: 'Add banner' }).click();
    await page.waitForURL('**/banner-management/new');
    await page.getByRole('textbox', { name: /^Title/ }).fill('E2E spring sale');
    await page.locator('input[type=file]').setInputFiles(file('banner.png', PNG));
    await page.getByTestId('image-preview').waitFor();
    await page.getByText('A web address').click();
    await page.getByRole('textbox', { name: /^Web address/ }).fill('https://example.com/spring');
    expect(
      await page
        .getByLabel(/^Visibility/)
        .first()
        .inputValue(),
    ).toBe('Before and after login');
    await page.getByRole('button', { name: 'Create banner' }).click();
    await toast(page, 'Banner "E2E spring sale" created.').waitFor();
    await page.waitForURL('**/banner-management');
    const bannerRow = page.getByRole('row').filter({ hasText: 'E2E spring sale' });
    await bannerRow.getByText('Before and after login').waitFor();

    await bannerRow.getByRole('link', { name: 'Edit E2E spring sale' }).click();
    await page.waitForURL('**/banner-management/*/edit');
    await page.getByRole('textbox', { name: /^Title/ }).fill('E2E summer sale');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Banner "E2E summer sale" saved.').waitFor();
    await page.waitForURL('**/banner-management');

    await page.getByRole('button', { name: 'Delete E2E summer sale' }).click();
    await confirmDialog(page);
    await toast(page, 'Banner "E2E summer sale" deleted.').waitFor();
    await page.getByRole('row').filter({ hasText: 'E2E summer sale' }).waitFor({ state: 'detached' });
  });

  it('keeps organizers out of the administration screens', async () => {
    const page = await b.newPage({ width: 375, height: 800 });
    await signIn(page, DEMO.organizer);
    await page.goto('/tag-management');
    await page.getByText('Page not found').waitFor();
  });
});
