import type { Page } from 'playwright-core';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin#12345', name: 'Ada Admin' },
  organizer: { email: 'organizer@example.com', password: 'Organizer#12345', name: 'Olivia Organizer' },
  buyer: { email: 'buyer@example.com', password: 'Buyer#12345', name: 'Ben Buyer' },
  blocked: { email: 'blocked@example.com', password: 'Blocked#12345', name: 'Bill Blocked' },
} as const;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await fillLogin(page, account.email, account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

export function storageSnapshot(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

/** A toast (Mantine notification) with exactly this text. */
export function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/**
 * Closes every open toast, as a person does when one sits over the button they want next (toasts stay
 * 4–5 s by the spec and sit over the page's right side).
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  // One at a time until none is left: a close that missed (the toast was still sliding in) is tried again,
  // and the pointer is moved off, because a toast under the pointer does not close by itself.
  for (let tries = 0; tries < 10 && (await toasts.count()) > 0; tries++) {
    await toasts
      .first()
      .locator('.mantine-Notification-closeButton')
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.mouse.move(0, 0);
    await toasts
      .first()
      .waitFor({ state: 'detached', timeout: 1000 })
      .catch(() => undefined);
  }
  await toasts.first().waitFor({ state: 'detached', timeout: 10_000 });
}
