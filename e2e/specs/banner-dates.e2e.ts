import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';

const b = useBrowser();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A browser whose own clock is in New York, whatever the machine running the tests uses. */
async function pageInZone(timezoneId: string) {
  const context = await b.browser.newContext({
    baseURL: b.baseUrl,
    timezoneId,
    viewport: { width: 1280, height: 900 },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Picks a day of March 2026 in a zoned field's calendar and types a time into its time field. */
async function setMarch2026(page: Page, label: string, day: number, time: string) {
  await page.getByRole('button', { name: `${label}: day` }).click();
  const dialog = page.getByRole('dialog');
  // Up to the year view, then the month: quicker than paging back month by month.
  await dialog.locator('.mantine-DatePickerInput-calendarHeaderLevel').click();
  await dialog.getByRole('button', { name: /^Mar/ }).click();
  await dialog.getByRole('button', { name: `${day} March 2026`, exact: true }).click();
  await page.getByLabel(`${label}: time`).fill(time);
}

describe('banner dates in the administrator’s zone', () => {
  it('takes 2:30 AM on the New York spring-forward day as 3:30 AM and says so', async () => {
    const { page, close } = await pageInZone('America/New_York');
    try {
      await signIn(page, DEMO.admin);
      await page.goto('/banner-management/new');
      await page.getByRole('textbox', { name: /^Title/ }).fill('E2E daylight saving');
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('image-preview').waitFor();
      await page.getByText('A web address').click();
      await page.getByRole('textbox', { name: /^Web address/ }).fill('https://example.com/dst');
      // An event link is picked from the upcoming events, never typed as an id.
      expect(await page.getByText('An event').count()).toBe(1);

      // The browser itself is in New York, where 02:30 on 8 March never happens.
      await setMarch2026(page, 'Active from (America/New_York)', 8, '02:30');
      await page
        .getByText(
          '2:30 AM on Mar 8, 2026 does not exist in America/New_York: the clocks go forward from 2:00 AM to 3:00 AM. It is saved as 3:30 AM.',
        )
        .waitFor();
      await page.getByRole('button', { name: 'Create banner' }).click();
      await toast(page, 'Banner "E2E daylight saving" created.').waitFor();
      await page.waitForURL('**/banner-management');
      const row = page.getByRole('row').filter({ hasText: 'E2E daylight saving' });
      await row.getByText('8/Mar/26-03:30 AM').waitFor();

      await row.getByRole('link', { name: 'Edit E2E daylight saving' }).click();
      // Opened again, it shows what was saved: 3:30 AM.
      await page
        .getByRole('button', { name: 'Active from (America/New_York): day' })
        .filter({ hasText: 'Mar 8, 2026' })
        .waitFor();
      expect(await page.getByLabel('Active from (America/New_York): time').inputValue()).toBe('03:30');
    } finally {
      await close();
    }
  });
});
