import { CONFIRM_LABELS } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchChromium, useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';

const b = useBrowser();

async function confirmDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: CONFIRM_LABELS.cancel, exact: true }).waitFor();
  await dialog.getByRole('button', { name: CONFIRM_LABELS.confirm, exact: true }).click();
}

describe('content pages, reasons and organizer requests', () => {
  it('admin edits the terms and reasons; an organizer requests a tag that the admin approves', async () => {
    const page = await b.newPage();
    await signIn(page, DEMO.admin);

    // Terms: edit the body, see the live preview, save; the public page shows it.
    await page.getByRole('link', { name: 'Content management' }).click();
    await page.waitForURL('**/content-management');
    const editor = page.getByRole('form', { name: 'Edit Terms of use' });
    const body = editor.getByRole('textbox', { name: /^Body/ });
    await body.fill('Tickets bought on Marquee are personal.\n\nRefunds follow the organizer setting.');
    const preview = editor.getByRole('region', { name: 'Preview' });
    await preview.getByText('Tickets bought on Marquee are personal.', { exact: true }).waitFor();
    await preview.getByText('Refunds follow the organizer setting.', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await toast(page, '"Terms of use" saved.').waitFor();
    await page.goto('/terms');
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    await page.getByText('Tickets bought on Marquee are personal.', { exact: true }).waitFor();
    await page.getByText('Refunds follow the organizer setting.', { exact: true }).waitFor();

    // Reasons: add a refund-request reason, then delete it through the confirm dialog.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Reason management' }).click();
    await page.getByRole('table', { name: 'Reasons' }).getByText('I can no longer attend').waitFor();
    await page.getByRole('combobox', { name: 'Filter by kind' }).click();
    await page.getByRole('option', { name: 'Event cancel' }).click();
    await page.waitForURL('**/reason-management?kind=EVENT_CANCEL');
    await page
      .getByRole('table', { name: 'Reasons' })
      .getByText('I can no longer attend')
      .waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Filter by kind' }).click();
    await page.getByRole('option', { name: 'Refund request' }).click();
    await page.waitForURL('**/reason-management?kind=REFUND_REQUEST');
    await page.getByRole('button', { name: 'Add reason' }).click();
    const modal = page.getByRole('dialog', { name: 'Add reason' });
    expect(await modal.getByRole('combobox', { name: 'Kind' }).inputValue()).toBe('Refund request');
    await modal.getByRole('textbox', { name: /^Reason/ }).fill('The ticket was bought twice');
    await modal.getByRole('button', { name: 'Create' }).click();
    await toast(page, 'Reason "The ticket was bought twice" added.').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'The ticket was bought twice' });
    await row.getByText('Refund request').waitFor();
    await row.getByRole('button', { name: 'Delete The ticket was bought twice' }).click();
    await confirmDialog(page);
    await toast(page, 'Reason "The ticket was bought twice" deleted.').waitFor();
    await row.waitFor({ state: 'detached' });

    // The organizer, in another browser, requests a tag and sees it pending.
    const organizerBrowser = await launchChromium();
    try {
      const context = await organizerBrowser.newContext({
        baseURL: b.baseUrl,
        viewport: { width: 1280, height: 800 },
      });
      const organizer = await context.newPage();
      await signIn(organizer, DEMO.organizer);
      await organizer.getByRole('link', { name: 'Catalog requests' }).click();
      await organizer.getByRole('table', { name: 'My requests' }).getByText('Sunset').waitFor();
      await organizer.getByRole('button', { name: 'New request' }).click();
      const form = organizer.getByRole('dialog', { name: 'Request a catalog item' });
      await form
        .getByRole('radiogroup', { name: 'What to request' })
        .getByText('Tag', { exact: true })
        .click();
      await form.getByRole('textbox', { name: /^Tag name/ }).fill('Skyline');
      await form.getByRole('textbox', { name: /^Note/ }).fill('For rooftop concerts');
      await form.getByRole('button', { name: 'Send request' }).click();
      await toast(organizer, 'Your tag request was sent to the administrators.').waitFor();
      const mine = organizer.getByRole('row').filter({ hasText: 'Skyline' });
      await mine.getByText('Pending').waitFor();

      // The administrator approves it.
      await page.getByRole('link', { name: 'Tag management' }).click();
      await page.getByRole('tab', { name: 'Requests' }).click();
      await page.getByRole('button', { name: 'Approve Skyline' }).click();
      await confirmDialog(page);
      await toast(page, 'Request approved: the tag "Skyline" now exists.').waitFor();

      // The organizer sees it approved.
      await organizer.reload();
      await organizer.getByRole('row').filter({ hasText: 'Skyline' }).getByText('Approved').waitFor();
      await context.close();
    } finally {
      await organizerBrowser.close();
    }
  });
});
