import { MESSAGES } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { DEMO, fillLogin, toast } from '../support/session.js';

const b = useBrowser();

describe('network failures, as the error catalogue says', () => {
  it('offline: "No Internet Connection"', async () => {
    // A first visit whose service worker has not kept the console yet (blocked here, so the test does
    // not depend on how fast it is): offline, only what the page already loaded is there. The first tap
    // asks for the dialog manager's chunk, which cannot come; the page must stay, with what was typed.
    const page = await b.newPage({ serviceWorkers: 'block' });
    await page.goto('/login');
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password);
    await b.context.setOffline(true);
    const hostChunkFailed = page.waitForEvent('requestfailed', (r) => /\/assets\/ModalsHost-/.test(r.url()));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, MESSAGES.offline).waitFor();
    await hostChunkFailed;
    // A failed chunk thrown into the tree unmounted it, to a blank page, within about a second: look later.
    await page.waitForTimeout(1500);
    expect(await page.getByLabel('Email or username').inputValue()).toBe(DEMO.admin.email);
    // Back online, the same page signs in.
    await b.context.setOffline(false);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
  });

  it('server down: "Couldn\'t connect to the server. Please try again"', async () => {
    const page = await b.newPage();
    await page.goto('/login');
    await page.route('**/api/v1/user/login', (route) => route.abort('connectionrefused'));
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, MESSAGES.unreachable).waitFor();
  });

  it('timeout: the timeout message after 30 seconds without an answer', async () => {
    const page = await b.newPage();
    await page.clock.install();
    await page.goto('/login');
    // The request is held and never answered, like a server that hangs.
    await page.route('**/api/v1/user/login', () => {});
    await fillLogin(page, DEMO.admin.email, DEMO.admin.password);
    const sent = page.waitForRequest('**/api/v1/user/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await sent;
    await page.clock.fastForward(29_000);
    expect(await toast(page, MESSAGES.timeout).count()).toBe(0);
    await page.clock.fastForward(1_500);
    await toast(page, MESSAGES.timeout).waitFor();
  });
});
