import { CONFIRM_LABELS } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, signIn, toast } from '../support/session.js';

const b = useBrowser();
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

/** Nothing on the page is wider than the screen (no hidden sideways scrolling). */
async function pageScrollsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

async function openTags(page: Page) {
  await page.goto('/tag-management');
  await page.getByRole('button', { name: 'Add tag' }).waitFor();
}

describe('console mechanisms', () => {
  it('lists become cards on a phone, with every row action in view and badges in words', async () => {
    const page = await b.newPage(PHONE);
    await signIn(page, DEMO.admin);
    for (const [path, name] of [
      ['/category-management', 'Music'],
      ['/tag-management', 'Advanced'],
      ['/banner-management', 'Summer music festivals'],
    ] as const) {
      await page.goto(path);
      const card = page.getByTestId('data-card').filter({ hasText: name }).first();
      await card.waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await pageScrollsSideways(page)).toBe(false);
      const edit = card
        .getByRole('button', { name: `Edit ${name}` })
        .or(card.getByRole('link', { name: `Edit ${name}` }));
      await edit.scrollIntoViewIfNeeded();
      const box = await edit.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    // The banners' visibility is said in words, and no badge is clipped.
    await page.getByTestId('data-card').filter({ hasText: 'Before and after login' }).first().waitFor();
    expect(await page.getByText('BOTH', { exact: true }).count()).toBe(0);
  });

  it('badges are whole on a wide screen too', async () => {
    const page = await b.newPage(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.goto('/banner-management');
    const badges = page.getByRole('table', { name: 'Banners' }).locator('.mantine-Badge-root');
    await badges.first().waitFor();
    const clipped = await badges.evaluateAll(
      (nodes) =>
        nodes.filter((n) => {
          const label = n.querySelector('.mantine-Badge-label') ?? n;
          return label.scrollWidth > label.clientWidth + 1;
        }).length,
    );
    expect(clipped).toBe(0);
  });

  it('a duplicate tag name shows under the field, once, with focus there', async () => {
    const page = await b.newPage(DESKTOP);
    await signIn(page, DEMO.admin);
    await openTags(page);
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    const name = dialog.getByRole('textbox', { name: /^Name/ });
    await name.fill('Outdoor');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('A tag named "Outdoor" already exists.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('toast').count()).toBe(0);
  });

  it('leaving a form with unsaved changes asks first; Cancel stays, Confirm leaves', async () => {
    const page = await b.newPage(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.goto('/banner-management/new');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Half done');
    await page.getByRole('link', { name: 'Tag management' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
    await confirm.waitFor();
    // Destructive: the dialog starts on Cancel.
    const cancel = confirm.getByRole('button', { name: CONFIRM_LABELS.cancel, exact: true });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    await cancel.click();
    expect(page.url()).toMatch(/\/banner-management\/new$/);
    expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe('Half done');

    await page.getByRole('link', { name: 'Tag management' }).click();
    await confirm.getByRole('button', { name: CONFIRM_LABELS.confirm, exact: true }).click();
    await page.waitForURL('**/tag-management');

    // Closing or reloading the tab asks too: the page cancels beforeunload while a form is dirty.
    await page.goto('/banner-management/new');
    const cancelsUnload = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await cancelsUnload()).toBe(false);
    await page.getByRole('textbox', { name: /^Title/ }).fill('Again');
    expect(await cancelsUnload()).toBe(true);
  });

  it('content drafts survive switching tabs', async () => {
    const page = await b.newPage(DESKTOP);
    await signIn(page, DEMO.admin);
    await page.goto('/content-management');
    const tabs = page.getByRole('tab');
    await tabs.nth(1).waitFor();
    const title = () => page.getByRole('tabpanel').getByRole('textbox', { name: /^Title/ });
    await title().fill('Draft title');
    await tabs.nth(1).click();
    await expect.poll(() => title().inputValue()).not.toBe('Draft title');
    await tabs.nth(0).click();
    await expect.poll(() => title().inputValue()).toBe('Draft title');
  });

  it('a failed list says so and retries; its toast sits below the header and under the open menu', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await b.newPage(size);
      await signIn(page, DEMO.admin);
      let fail = true;
      await page.route('**/tag-list-with-pagination**', (route) =>
        fail
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'The service is unavailable. Try again in a moment.' }),
            })
          : route.continue(),
      );
      await page.goto('/tag-management');
      const error = page.getByTestId('list-error');
      await error.getByText('The service is unavailable. Try again in a moment.').waitFor();
      expect(await page.getByText('No results').count()).toBe(0);
      const failure = toast(page, 'The service is unavailable. Try again in a moment.');
      await failure.waitFor();
      expect(await failure.count()).toBe(1);

      const header = await page.locator('header').first().boundingBox();
      const toastBox = await failure.boundingBox();
      expect(toastBox && header && toastBox.y >= header.y + header.height).toBe(true);

      await page.getByTestId('user-menu').click();
      const item = page.getByRole('menuitem', { name: 'Change password' });
      await item.waitFor();
      const itemBox = await item.boundingBox();
      if (!itemBox) throw new Error('menu item has no box');
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="menuitem"]')?.textContent ?? '',
        { x: itemBox.x + itemBox.width / 2, y: itemBox.y + itemBox.height / 2 },
      );
      expect(onTop).toContain('Change password');
      await page.keyboard.press('Escape');

      fail = false;
      await error.getByRole('button', { name: 'Retry' }).click();
      await page.getByText('Advanced').first().waitFor();
      expect(await error.count()).toBe(0);
    }
  });

  it('keyboard: the skip link comes first and the password toggle can be reached', async () => {
    const page = await b.newPage(DESKTOP);
    await page.goto('/login');
    await page.getByLabel('Email or username').waitFor();
    // The rendered sign-in page's buttons wait (disabled) until the live page has taken it over.
    await expect.poll(() => page.getByRole('button', { name: 'Show password' }).isEnabled()).toBe(true);
    const firstFocusable = await page.evaluate(
      () =>
        document.querySelector<HTMLElement>(
          'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
        )?.textContent,
    );
    expect(firstFocusable).toBe('Skip to content');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Show password',
    );
  });
});
