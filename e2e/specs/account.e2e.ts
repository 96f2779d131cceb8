import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, dismissToasts, signIn, toast } from '../support/session.js';

const b = useBrowser();

/** The demo organizer's verified number (apps/server/src/db/seed-account.ts). */
const ORGANIZER_PHONE = { countryCode: '+1', phone: '5550100002', e164: '+15550100002' };

/**
 * Reads the newest message to `to` (that contains `containing`, when given) from the /dev-outbox page,
 * signed in as the administrator. Other journeys mail the demo organizer too (requests, orders), and the
 * awaited message leaves through the queue a moment after the click: the newest alone could be another.
 */
async function readOutbox(adminPage: Page, to: string, backTo: Page, containing?: string): Promise<string> {
  await adminPage.bringToFront();
  await adminPage.goto('/dev-outbox');
  const toThem = adminPage.getByTestId('outbox-message').filter({ hasText: to });
  const message = (containing ? toThem.filter({ hasText: containing }) : toThem).first();
  // The page reads the outbox again every 5 s.
  await message.waitFor({ timeout: 60_000 });
  const text = ((await message.locator('pre, code').first().textContent()) ?? '').trim();
  // A page left in the background has its timers throttled (the resend countdown) and paints nothing.
  await backTo.bringToFront();
  return text;
}

async function adminOutboxPage() {
  const context = await b.browser.newContext({ baseURL: b.baseUrl });
  const page = await context.newPage();
  await signIn(page, DEMO.admin);
  return { page, close: () => context.close() };
}

async function changePasswordBack(page: Page, current: string, original: string) {
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill(original);
  await page.getByLabel('Confirm new password').fill(original);
  await page.getByRole('button', { name: 'Change password' }).click();
  await toast(page, 'Your password has been changed.').first().waitFor();
}

describe('password recovery', () => {
  it('recovers by SMS code read from the outbox, after five wrong codes kill the first code', async () => {
    const admin = await adminOutboxPage();
    try {
      const page = await b.newPage();
      // The page's clock runs as usual, but the journey can jump over the 30 s resend countdown.
      await page.clock.install();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByLabel('Country code').fill(ORGANIZER_PHONE.countryCode);
      await page.getByRole('textbox', { name: 'Mobile number' }).fill(ORGANIZER_PHONE.phone);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.waitForURL('**/otp-verification');
      await page.getByTestId('resend-countdown').waitFor();

      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Please enter the verification code.').waitFor();

      const first = (await readOutbox(admin.page, ORGANIZER_PHONE.e164, page)).match(/\d{6}/)?.[0] ?? '';
      const wrong = first === '000000' ? '111111' : '000000';
      const verifyAnswer = () => page.waitForResponse((r) => r.url().includes('/api/v1/user/verify-otp'));
      for (let i = 1; i <= 5; i++) {
        await page.getByRole('textbox', { name: 'Verification code' }).fill(wrong);
        const answer = verifyAnswer();
        await page.getByRole('button', { name: 'Verify' }).click();
        const body = await (await answer).json();
        expect(body.message).toMatch(i < 5 ? /not valid or has expired/ : /Too many wrong codes/);
      }
      await page.getByText('Too many wrong codes. Please request a new code.').first().waitFor();
      await page.getByRole('textbox', { name: 'Verification code' }).fill(first);
      const refused = verifyAnswer();
      await page.getByRole('button', { name: 'Verify' }).click();
      expect((await (await refused).json()).message).toBe('Too many wrong codes. Please request a new code.');
      expect(page.url()).toMatch(/otp-verification/);

      // Resend becomes possible after the visible countdown (run through: the browser's clock fires 31 s of timers at once).
      expect(await page.getByRole('button', { name: 'Resend code' }).count()).toBe(0);
      await page.clock.runFor(31_000);
      await page.getByRole('button', { name: 'Resend code' }).waitFor();
      await page.getByRole('button', { name: 'Resend code' }).click();
      await toast(page, 'If an account matches, we have sent it a message.').waitFor();
      let second = first;
      for (let i = 0; i < 20 && second === first; i++) {
        second = (await readOutbox(admin.page, ORGANIZER_PHONE.e164, page)).match(/\d{6}/)?.[0] ?? '';
      }
      await page.getByRole('textbox', { name: 'Verification code' }).fill(second);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/reset-password');

      await page.getByLabel('New password', { exact: true }).fill('Sms#Reset123');
      await page.getByLabel('Confirm new password').fill('Sms#Reset124');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText("Confirmation password doesn't match the new password.").waitFor();
      await page.getByLabel('Confirm new password').fill('Sms#Reset123');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL('**/login');
      await toast(page, 'Your password has been reset.').first().waitFor();

      await signIn(page, { email: DEMO.organizer.email, password: 'Sms#Reset123' });
      await changePasswordBack(page, 'Sms#Reset123', DEMO.organizer.password);
    } finally {
      await admin.close();
    }
  }, 120_000);

  it('recovers by an emailed single-use link', async () => {
    const admin = await adminOutboxPage();
    try {
      const page = await b.newPage();
      await page.goto('/forgot-password');
      await page.getByText('Email address', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Email address' }).fill(DEMO.organizer.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('Check your inbox').waitFor();
      const text = await readOutbox(admin.page, DEMO.organizer.email, page, '/reset-link/');
      const link = text.match(/https?:\/\/\S+\/reset-link\/[\w-]+/)?.[0];
      expect(link).toBeDefined();
      const path = new URL(link ?? '').pathname;
      await page.goto(path);
      await page.getByLabel('New password', { exact: true }).fill('Mail#Reset123');
      await page.getByLabel('Confirm new password').fill('Mail#Reset123');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.waitForURL('**/login');
      // Single use: the page checks the link first and says it no longer works.
      await page.goto(path);
      await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
      await page.getByText('This reset link or code has expired or was already used.').waitFor();
      await signIn(page, { email: DEMO.organizer.email, password: 'Mail#Reset123' });
      await changePasswordBack(page, 'Mail#Reset123', DEMO.organizer.password);
    } finally {
      await admin.close();
    }
  }, 90_000);
});

describe('account area', () => {
  it('edits the profile (taken username refused), verifies a phone, requests a non-profit exemption', async () => {
    const admin = await adminOutboxPage();
    try {
      const page = await b.newPage({ width: 375, height: 800 });
      await signIn(page, DEMO.organizer);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'My profile' }).click();
      await page.waitForURL('**/my-profile');

      await page.getByLabel('Username').fill('admin');
      await page.getByTestId('username-availability').filter({ hasText: 'already taken' }).waitFor();
      await page.getByLabel('First name').fill('Olive');
      await page.getByRole('button', { name: 'Save profile' }).click();
      // The refusal belongs to the username: it sits under that field (focused), not in a toast.
      await page.locator('input[aria-invalid="true"]:focus').waitFor();
      expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
      expect(await toast(page, 'This username is already taken.').count()).toBe(0);
      expect(await page.getByLabel('First name').inputValue()).toBe('Olive');
      await page.getByLabel('Username').fill('organizer');
      await page.getByLabel('First name').fill('Olivia');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await toast(page, 'Your profile has been updated.').waitFor();

      await page.getByRole('textbox', { name: 'Mobile number' }).fill('555 010 0777');
      await page.getByRole('button', { name: 'Send verification code' }).click();
      await toast(page, 'We have sent a verification code to this number.').waitFor();
      const code = (await readOutbox(admin.page, '+15550100777', page)).match(/\d{6}/)?.[0] ?? '';
      await page.getByRole('button', { name: 'Verify number' }).click();
      await page.getByText('Please enter the verification code.').waitFor();
      await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
      await page.getByRole('button', { name: 'Verify number' }).click();
      await toast(page, 'Your mobile number is verified.').waitFor();
      await page.getByTestId('profile-phone').filter({ hasText: '+15550100777' }).waitFor();
      await page.getByText('Verified', { exact: true }).waitFor();

      await page.getByLabel('Organization legal name').fill('Friends of Jazz');
      await page.getByLabel('Registration or tax number').fill('VR 12345');
      await dismissToasts(page);
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('non-profit-document').click();
      await (await chooser).setFiles({
        name: 'certificate.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
      });
      await page.getByText('certificate.pdf').waitFor();
      await page.getByRole('button', { name: 'Request exemption' }).click();
      await page.getByTestId('non-profit-status').filter({ hasText: 'Pending review' }).waitFor();
    } finally {
      await admin.close();
    }
  }, 90_000);

  it('changes the password: mismatch message, then success, and the other session ends', async () => {
    const other = await b.browser.newContext({ baseURL: b.baseUrl });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, DEMO.organizer);
      const page = await b.newPage();
      await signIn(page, DEMO.organizer);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Change password' }).click();
      await page.waitForURL('**/change-password');
      await page.getByLabel('Current password').fill(DEMO.organizer.password);
      await page.getByLabel('New password', { exact: true }).fill('Changed#12345');
      await page.getByLabel('Confirm new password').fill('Changed#12346');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText("Confirmation password doesn't match the new password.").waitFor();
      await page.getByLabel('Confirm new password').fill('Changed#12345');
      await page.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Your password has been changed.').waitFor();

      // The other browser's session was revoked: its next call logs it out.
      await otherPage.reload();
      await otherPage.waitForURL('**/login**');
      // This session still works.
      await page.goto('/my-profile');
      await page.getByRole('heading', { name: 'My profile' }).waitFor();
      await changePasswordBack(page, 'Changed#12345', DEMO.organizer.password);
    } finally {
      await other.close();
    }
  }, 90_000);

  it('shows the terms and privacy pages from the account area', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Terms of use' }).click();
    await page.getByRole('heading', { name: 'Terms of use' }).waitFor();
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
  });
});
