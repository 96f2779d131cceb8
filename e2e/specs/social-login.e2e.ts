import { SOCIAL_MESSAGES } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcStandIn, startOidcStandIn } from '../../apps/server/test/oidc-stand-in.js';
import { useBrowser } from '../support/browser.js';
import { freePort, startMarqueeServer } from '../support/marquee-server.js';
import { DEMO, storageSnapshot, toast } from '../support/session.js';

const b = useBrowser();
let standIn: OidcStandIn;
let social: Awaited<ReturnType<typeof startMarqueeServer>>;

beforeAll(async () => {
  // The server's address must be known first: the provider only returns to registered URIs.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  standIn = await startOidcStandIn({
    clients: [
      {
        clientId: 'marquee-e2e',
        clientSecret: 'marquee-e2e-secret',
        redirectUris: [`${url}/api/v1/user/social/google/callback`],
        postLogoutRedirectUris: [`${url}/login`],
      },
    ],
  });
  social = await startMarqueeServer(port, {
    PUBLIC_URL: url,
    GOOGLE_CLIENT_ID: 'marquee-e2e',
    GOOGLE_CLIENT_SECRET: 'marquee-e2e-secret',
    GOOGLE_ISSUER: standIn.issuer,
  });
});

afterAll(async () => {
  await social?.stop();
  await standIn?.close();
});

const decode = (value: string | undefined) => Buffer.from(value ?? '', 'base64').toString();

async function continueWithGoogle(page: Awaited<ReturnType<typeof b.newPage>>, email: string) {
  await page.goto(`${social.url}/login`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  // The stand-in provider's own sign-in page.
  await page.waitForURL(`${standIn.issuer}/**`);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

describe('social login', () => {
  it('shows no social buttons when the server has no provider configured, and asks nothing', async () => {
    const page = await b.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/social-login-providers')) asked.push(r.url());
    });
    await page.goto('/login');
    // The server says so in the page it sends: an empty list.
    expect(await page.locator('#marquee-social-providers').textContent()).toBe('[]');
    await page.getByLabel('Email or username').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Past the moment the buttons would have been asked for (a little after the load event).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(await page.getByText(/Continue with/).count()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('shows the configured providers from the page itself, without a call', async () => {
    const page = await b.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/social-login-providers')) asked.push(r.url());
    });
    await page.goto(`${social.url}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    expect(asked).toEqual([]);
  });

  it('signs the organizer in with Google at a real OpenID provider, and logout signs out there too', async () => {
    const page = await b.newPage();
    await continueWithGoogle(page, DEMO.organizer.email);
    await page.waitForURL(`${social.url}/dashboard`);
    await toast(page, 'Signed in with Google.').waitFor();
    await page.getByText(DEMO.organizer.name).first().waitFor();
    let stored = await storageSnapshot(page);
    expect(stored['marquee.accessToken']?.length).toBeGreaterThan(20);
    expect(decode(stored['marquee.socialId'])).toBe(DEMO.organizer.email);
    expect(decode(stored['marquee.userId'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(decode(stored['marquee.socialSignOut'])).toBe('google');

    await page.getByRole('button', { name: new RegExp(DEMO.organizer.name) }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // The provider's end-session page asks for confirmation, then returns to the console's login.
    await page.waitForURL(`${standIn.issuer}/**`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${social.url}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    stored = await storageSnapshot(page);
    for (const key of [
      'marquee.socialId',
      'marquee.socialSignOut',
      'marquee.accessToken',
      'marquee.userId',
    ]) {
      expect(stored[key], key).toBeUndefined();
    }
  });

  it('refuses an email no account uses, with a clear message, and stays signed out', async () => {
    const page = await b.newPage();
    await continueWithGoogle(page, 'stranger@example.com');
    await page.waitForURL(`${social.url}/login`);
    await toast(page, SOCIAL_MESSAGES.noAccount('google', 'stranger@example.com')).waitFor();
    const stored = await storageSnapshot(page);
    expect(stored['marquee.accessToken']).toBeUndefined();
    expect(stored['marquee.socialId']).toBeUndefined();
  });
});
