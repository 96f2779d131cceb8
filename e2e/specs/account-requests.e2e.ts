import { DEV_CLIENT_CREDENTIALS } from '@marquee/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, fillLogin, signIn, toast } from '../support/session.js';
import { shot } from '../support/shots.js';

const b = useBrowser();
/**
 * The newest outbox message to `to` that contains `containing`, read by the administrator in a separate
 * browser context. Other journeys send mail to the same demo people (orders, requests), and the message
 * this one waits for leaves through the queue a moment later: the newest message alone could be another.
 */
async function outboxText(to: string, containing: RegExp | string): Promise<string> {
  const context = await b.browser.newContext({ baseURL: b.baseUrl });
  try {
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/dev-outbox');
    const message = page
      .getByTestId('outbox-message')
      .filter({ hasText: to })
      .filter({ hasText: containing })
      .first();
    // The page reads the outbox again every 5 s.
    await message.waitFor({ timeout: 60_000 });
    return ((await message.locator('pre, code').first().textContent()) ?? '').trim();
  } finally {
    await context.close();
  }
}

async function changeEmail(page: Page, to: string, password: string) {
  await page.goto('/my-profile');
  await page.getByLabel('Email', { exact: true }).fill(to);
  await page.getByTestId('email-change-password').fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await page
    .getByTestId('pending-email')
    .filter({ hasText: `We sent a confirmation link to ${to}` })
    .waitFor();
}

async function confirmFromOutbox(page: Page, to: string) {
  const token = (await outboxText(to, '/confirm-email/')).match(/\/confirm-email\/([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  await page.goto(`/confirm-email/${token}`);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
}

/**
 * login.e2e's lockout journey may have locked the demo buyer (spec files run in any order); a password
 * reset by email clears a lock, so this journey does not depend on the order.
 */
async function resetBuyerPassword() {
  const { clientId, clientSecret, secretKey } = DEV_CLIENT_CREDENTIALS;
  const headers = {
    authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    secretkey: secretKey,
    'content-type': 'application/json',
  };
  const post = (path: string, body: object) =>
    fetch(`${b.baseUrl}/api/v1/user/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  await post('check-mobile-for-forgot-password', { method: 'EMAIL', email: DEMO.buyer.email });
  const token =
    (await outboxText(DEMO.buyer.email, '/reset-link/')).match(/\/reset-link\/([\w-]+)/)?.[1] ?? '';
  const reset = await post('password-reset', {
    token,
    password: DEMO.buyer.password,
    confirmPassword: DEMO.buyer.password,
  });
  expect(reset.status).toBe(200);
}

describe('organizer request from the no-access screen', () => {
  it('a buyer sends a request and sees it pending, on a phone and on a desktop', async () => {
    await resetBuyerPassword();
    const page = await b.newPage({ width: 375, height: 800 });
    await page.goto('/login');
    await fillLogin(page, DEMO.buyer.email, DEMO.buyer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'No console access' }).waitFor();
    await page.getByTestId('organizer-request-status').filter({ hasText: 'Not requested' }).waitFor();

    await page.getByRole('button', { name: 'Send organizer request' }).click();
    await page.getByText('Enter the organization name').waitFor();
    await page.getByLabel('Organization name').fill('Ben’s Board Games');
    await page.getByLabel('What do you organize?').fill('Monthly board game nights for adults.');
    await page.getByLabel('Website').fill('https://board-games.example.org');
    await page.getByLabel('Contact phone').fill('555 010 0444');
    await shot(page, 'organizer-request-form-375');
    await page.getByRole('button', { name: 'Send organizer request' }).click();
    await toast(page, 'Your organizer request was sent. An administrator will review it.').waitFor();
    await page.getByTestId('organizer-request-status').filter({ hasText: 'Pending review' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send organizer request' }).count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await page.getByTestId('organizer-request-status').filter({ hasText: 'Pending review' }).waitFor();
    await shot(page, 'organizer-request-pending-1280');
    // The administrators were told.
    expect(await outboxText(DEMO.admin.email, 'Ben’s Board Games')).toContain('Ben’s Board Games');
  }, 90_000);
});

describe('email change', () => {
  it('asks for the password, waits for the link sent to the new address, then uses it', async () => {
    const page = await b.newPage({ width: 375, height: 800 });
    await signIn(page, DEMO.organizer);
    await page.goto('/my-profile');
    const newEmail = 'olivia.new@example.com';
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    const password = page.getByTestId('email-change-password');
    await password.waitFor();
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your current password is not correct.').first().waitFor();
    // Under the password field only: the same words are not repeated in a toast.
    expect(await toast(page, 'Your current password is not correct.').count()).toBe(0);
    await password.fill(DEMO.organizer.password);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page
      .getByTestId('pending-email')
      .filter({ hasText: `We sent a confirmation link to ${newEmail}` })
      .waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(DEMO.organizer.email);
    await shot(page, 'email-change-pending-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'email-change-pending-1280');

    await confirmFromOutbox(page, newEmail);
    await page.goto('/my-profile');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
    expect(await page.getByTestId('pending-email').count()).toBe(0);

    // Back to the demo address, so the other journeys sign in as before.
    await changeEmail(page, DEMO.organizer.email, DEMO.organizer.password);
    await confirmFromOutbox(page, DEMO.organizer.email);
  }, 120_000);
});
