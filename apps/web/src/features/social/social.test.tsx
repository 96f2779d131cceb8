import { SOCIAL_PROVIDERS_BLOCK_ID } from '@marquee/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, signOutOfSocialLogin } from '../../lib/social';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROVIDERS = 'GET /api/v1/user/social-login-providers';
const SOCIAL_LOGIN = 'POST /api/v1/user/organizer-social-login';
const PROFILE = 'GET /api/v1/user/get-user-detail';
const USER_ID = '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b';

const providers = (list: { id: string; name: string }[]) => ({
  status: 200,
  body: {
    message: 'ok',
    result: list.map((p) => ({ ...p, startPath: `/api/v1/user/social/${p.id}/start` })),
  },
});

const socialLoginSucceeds = (providerSignOut: boolean) => ({
  status: 200,
  body: {
    message: 'Signed in with Google.',
    result: {
      accessToken: 'social-token',
      socialId: 'google-subject-1',
      _id: USER_ID,
      organizerRequest: 'APPROVED',
      email: 'ada@example.com',
      provider: 'google',
      providerSignOut,
    },
  },
});

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById(SOCIAL_PROVIDERS_BLOCK_ID)?.remove();
});

/** The data block the server writes into the sign-in page it sends (apps/server's login-page.ts). */
function serveProvidersInPage(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SOCIAL_PROVIDERS_BLOCK_ID;
  block.textContent = text;
  document.body.append(block);
}

describe('social login buttons', () => {
  it('shows a button per configured provider, carrying the login redirect', async () => {
    const api = fakeApi({
      [PROVIDERS]: providers([
        { id: 'google', name: 'Google' },
        { id: 'apple', name: 'Apple' },
      ]),
    });
    renderApp(`/login?redirect=${encodeURIComponent('/dashboard?x=1')}`, api);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(
      `/api/v1/user/social/google/start?redirect=${encodeURIComponent('/dashboard?x=1')}`,
    );
    expect(screen.getByRole('link', { name: 'Continue with Apple' }).getAttribute('href')).toMatch(
      /^\/api\/v1\/user\/social\/apple\/start\?redirect=/,
    );
  });

  it('shows none when the server has no provider configured, or cannot say', async () => {
    const api = fakeApi({ [PROVIDERS]: providers([]) });
    renderApp('/login', api);
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('social-login-providers'))).toBe(true));
    expect(screen.queryByText(/Continue with/)).toBeNull();

    const failing = fakeApi({});
    renderApp('/login', failing);
    await waitFor(() => expect(failing.calls.length).toBeGreaterThan(0));
    expect(screen.queryAllByText(/Continue with/)).toHaveLength(0);
    // Silent: the login page does not toast a missing social login.
    expect(screen.queryByText('Not found')).toBeNull();
  });
});

describe('social login buttons from the page the server sent', () => {
  it('shows the listed providers without asking the server', async () => {
    serveProvidersInPage(JSON.stringify(providers([{ id: 'google', name: 'Google' }]).body.result));
    const api = fakeApi({});
    renderApp(`/login?redirect=${encodeURIComponent('/orders')}`, api);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(
      `/api/v1/user/social/google/start?redirect=${encodeURIComponent('/orders')}`,
    );
    expect(screen.queryByText(/Continue with Apple/)).toBeNull();
    expect(api.calls.filter((c) => c.path.endsWith('social-login-providers'))).toHaveLength(0);
  });

  it('shows none and asks nothing when the page lists none, even after a key press', async () => {
    // Loaded beforehand, so a call the key press would wrongly cause is made well within the wait below.
    await import('./components/SocialLoginButtons');
    serveProvidersInPage('[]');
    const api = fakeApi({});
    renderApp('/login', api);
    await userEvent.type(await screen.findByLabelText(/email/i), 'a');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/Continue with/)).toBeNull();
    expect(api.calls.filter((c) => c.path.endsWith('social-login-providers'))).toHaveLength(0);
  });

  it('asks the server when the list in the page is not one it can read', async () => {
    serveProvidersInPage('[{"id":"myspace","name":"MySpace","startPath":"/x"}]');
    const api = fakeApi({ [PROVIDERS]: providers([{ id: 'apple', name: 'Apple' }]) });
    renderApp('/login', api);
    await userEvent.type(await screen.findByLabelText(/email/i), 'a');
    expect(await screen.findByRole('link', { name: 'Continue with Apple' })).toBeTruthy();
  });
});

describe('social callback', () => {
  it('redeems the code, stores the session and the encoded social id, toasts and goes on', async () => {
    const api = fakeApi({
      [SOCIAL_LOGIN]: socialLoginSucceeds(false),
      [PROFILE]: profileAnswer(profileFixture()),
    });
    const { router } = renderApp(
      `/social-callback#code=one-time&redirect=${encodeURIComponent('/dashboard?from=social')}`,
      api,
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard?from=social'), { timeout: 5000 });
    expect(await screen.findByText('Signed in with Google.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'one-time' });
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('social-token');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(btoa(USER_ID));
    expect(localStorage.getItem(STORAGE_KEYS.socialId)).toBe(btoa('google-subject-1'));
    expect(localStorage.getItem(STORAGE_KEYS.socialSignOut)).toBeNull();
  });

  it("shows the server's refusal and returns to login, signed out", async () => {
    const message = 'No Marquee account uses stranger@example.com.';
    const api = fakeApi({ [SOCIAL_LOGIN]: { status: 404, body: { message } } });
    const { router } = renderApp('/social-callback#code=one-time', api);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('shows an error the callback carried, without calling the server', async () => {
    const api = fakeApi({});
    const { router } = renderApp('/social-callback#error=Google%20sign-in%20was%20cancelled.', api);
    expect(await screen.findByText('Google sign-in was cancelled.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('signing out of social login', () => {
  it('forgets the social id and visits the provider end-session after the revoke settles', async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.socialId, btoa('sub'));
    localStorage.setItem(STORAGE_KEYS.socialSignOut, btoa('google'));
    let settle = () => {};
    signOutOfSocialLogin({ after: new Promise<void>((resolve) => (settle = resolve)) });
    expect(localStorage.getItem(STORAGE_KEYS.socialId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.socialSignOut)).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(leave).not.toHaveBeenCalled();
    settle();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/api/v1/user/social/google/end-session'));
  });

  it('only forgets when the provider has no end-session (Google, Apple)', async () => {
    const leave = vi.spyOn(browser, 'leaveTo').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.socialId, btoa('sub'));
    signOutOfSocialLogin();
    await new Promise((r) => setTimeout(r, 20));
    expect(localStorage.getItem(STORAGE_KEYS.socialId)).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('logout from the console clears the social id', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    localStorage.setItem(STORAGE_KEYS.socialId, btoa('sub'));
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture()),
      'POST /api/v1/user/logout': { status: 200, body: { message: 'Signed out.', result: null } },
    });
    const { router } = renderApp('/dashboard', api);
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.socialId)).toBeNull();
  });
});
