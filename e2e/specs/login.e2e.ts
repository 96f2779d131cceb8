import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, fillLogin, signIn, storageSnapshot, toast } from '../support/session.js';

const b = useBrowser();

describe('sign in', () => {
  it('signs the administrator in: success toast, dashboard with name and role, session stored', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await toast(page, 'Signed in successfully.').waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(DEMO.admin.name).first().waitFor();
    await page.getByText('Administrator').first().waitFor();
    const stored = await storageSnapshot(page);
    expect(stored['marquee.accessToken']?.length).toBeGreaterThan(20);
    const userId = Buffer.from(stored['marquee.userId'] ?? '', 'base64').toString();
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(stored['marquee.organizerRequest'] ?? '', 'base64').toString()).toBe('NONE');
    expect(Object.values(stored).join(' ')).not.toContain(DEMO.admin.password);
  });

  it('shows the server message for a wrong password and keeps what was typed', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.organizer.email, 'not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'Incorrect email, username or password.').waitFor();
    expect(page.url()).toMatch(/\/login/);
    expect(await page.getByLabel('Email or username').inputValue()).toBe(DEMO.organizer.email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('not-the-password');
  });

  it('refuses a blocked user with the server message', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.blocked.email, DEMO.blocked.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'Your account has been blocked. Please contact support.').waitFor();
    expect(page.url()).toMatch(/\/login/);
    expect((await storageSnapshot(page))['marquee.accessToken']).toBeUndefined();
  });

  it('sends a visitor without a session to sign in, then back to the page asked for', async () => {
    const page = await b.newPage();
    await page.goto('/dashboard?from=bookmark');
    await page.waitForURL('**/login**');
    await fillLogin(page, DEMO.organizer.email, DEMO.organizer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard?from=bookmark');
    await page.getByText(DEMO.organizer.name).first().waitFor();
    await page.getByText('Organizer').first().waitFor();
  });

  it('remembers the email only when asked', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    const stored = await storageSnapshot(page);
    expect(stored['marquee.rememberEmail']).toBe(DEMO.admin.email);
    expect(stored['marquee.rememberPassword']).toBeUndefined();
  });
});

describe('sign out and access', () => {
  it('logs out from the header menu: storage cleared, back to sign in', async () => {
    const page = await b.newPage();
    await signIn(page, DEMO.admin);
    await page.getByRole('button', { name: /Ada Admin/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const stored = await storageSnapshot(page);
    for (const key of [
      'marquee.accessToken',
      'marquee.userId',
      'marquee.organizerRequest',
      'marquee.email',
    ]) {
      expect(stored[key], key).toBeUndefined();
    }
    await page.goto('/dashboard');
    await page.waitForURL('**/login**');
  });

  it('shows an unknown path as not found, with a way back', async () => {
    const page = await b.newPage();
    await signIn(page, DEMO.admin);
    await page.goto('/no-such-page');
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await page.getByRole('link', { name: /dashboard/i }).click();
    await page.waitForURL('**/dashboard');
  });

  it('tells a user without console access so, and offers logout', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await fillLogin(page, DEMO.buyer.email, DEMO.buyer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(/no access to the console|does not have access|no console access/i)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
  });

  it('locks the account after five wrong passwords (423 with the lock message)', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    const attempt = async (password: string) => {
      const answered = page.waitForResponse('**/api/v1/user/login');
      await fillLogin(page, DEMO.buyer.email, password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      return (await answered).status();
    };
    for (let i = 1; i <= 4; i++) expect(await attempt(`wrong-${i}`)).toBe(400);
    expect(await attempt('wrong-5')).toBe(423);
    const lockToasts = toast(page, 'Your account is locked for 15 minutes');
    await lockToasts.first().waitFor();
    // The right password is refused too while the lock lasts.
    expect(await attempt(DEMO.buyer.password)).toBe(423);
    // The same refusal is not stacked twice: one toast per distinct message.
    const lockTexts = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Notification-root')]
          .map((n) => n.textContent ?? '')
          .filter((text) => text.includes('locked for')),
      );
    const texts = await lockTexts();
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(texts).size).toBe(texts.length);
    expect(page.url()).toMatch(/\/login/);
  });
});
