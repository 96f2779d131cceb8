import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAccessToken, STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LOGOUT = 'POST /api/v1/user/logout';

function signIn(token = 'token-abc') {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
}

describe('admin area guard', () => {
  it('sends a visitor without a session to login, remembering the page', async () => {
    const { router, api } = renderApp('/dashboard?range=week');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe(`/login?redirect=${encodeURIComponent('/dashboard?range=week')}`);
    // The login page only asks which social login providers exist; no profile call was made.
    expect(api.calls.filter((call) => !call.path.endsWith('/social-login-providers'))).toHaveLength(0);
  });

  it('redirects the empty path to the dashboard', async () => {
    signIn();
    const { router } = renderApp('/', fakeApi({ [PROFILE]: profileAnswer(profileFixture()) }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the dashboard with the name and role once the profile loads', async () => {
    signIn();
    const api = fakeApi({ [PROFILE]: profileAnswer(profileFixture()) });
    renderApp('/dashboard', api);
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeTruthy();
    expect(screen.getByTestId('dashboard-role').textContent).toBe('Administrator');
    expect(screen.getByTestId('user-full-name').textContent).toBe('Ada Lovelace');
    expect(api.calls[0]?.headers.accesstoken).toBe('token-abc');
    // Asked for once: the call started as the admin area matched was taken over by the guard.
    expect(api.calls.filter((call) => `${call.method} ${call.path}` === PROFILE)).toHaveLength(1);
    // The administrators' own screens appear in their navigation.
    const nav = screen.getByLabelText('Main navigation');
    expect(within(nav).getByText('Dashboard')).toBeTruthy();
    expect(within(nav).getByText('Orders')).toBeTruthy();
    expect(within(nav).getByText('User management')).toBeTruthy();
    expect(within(nav).getByText('Audit log')).toBeTruthy();
  });

  it('shows a buyer without console access their organizer request status and a logout', async () => {
    signIn();
    const buyer = profileFixture({ role: 'USER', organizerRequest: 'PENDING' });
    const api = fakeApi({
      [PROFILE]: profileAnswer(buyer),
      [LOGOUT]: { status: 200, body: { message: 'Bye', result: null } },
    });
    const { router } = renderApp('/dashboard', api);
    expect(await screen.findByRole('heading', { name: 'No console access' })).toBeTruthy();
    expect(screen.getByTestId('organizer-request-status').textContent).toBe('Pending review');

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAccessToken()).toBeNull();
    await waitFor(() => expect(api.calls.some((call) => call.path === '/api/v1/user/logout')).toBe(true));
    expect(api.calls.find((call) => call.path === '/api/v1/user/logout')?.headers.accesstoken).toBe(
      'token-abc',
    );
  });

  it('logs out a blocked profile', async () => {
    signIn();
    const api = fakeApi({ [PROFILE]: profileAnswer(profileFixture({ status: 'BLOCKED' })) });
    const { router } = renderApp('/dashboard', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText('Your account is blocked. Contact support for help.')).toBeTruthy();
  });

  it('logs out when the profile cannot be loaded, keeping the page to return to', async () => {
    signIn();
    const api = fakeApi({ [PROFILE]: { status: 500, body: { message: 'Database unavailable' } } });
    const { router } = renderApp('/dashboard', api);
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fdashboard'));
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it('ends the session when the server answers 401, showing its message', async () => {
    signIn();
    const api = fakeApi({ [PROFILE]: { status: 401, body: { message: 'Your session has expired.' } } });
    const { router } = renderApp('/dashboard', api);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAccessToken()).toBeNull();
    expect(await screen.findByText('Your session has expired.')).toBeTruthy();
    // The server already ended this session: no logout call is needed.
    expect(api.calls.some((call) => call.path === '/api/v1/user/logout')).toBe(false);
  });

  it('logs out from the header menu, keeping only the remembered email', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.email, 'ada@example.com');
    localStorage.setItem(STORAGE_KEYS.rememberEmail, 'ada@example.com');
    localStorage.setItem(STORAGE_KEYS.rememberPassword, 'left-over-by-an-old-client');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture()),
      [LOGOUT]: { status: 200, body: { message: 'Bye', result: null } },
    });
    const { router, queryClient } = renderApp('/dashboard', api);
    await userEvent.click(await screen.findByTestId('user-menu'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.rememberEmail)).toBe('ada@example.com');
    // The cached profile goes a second later (spec section 4).
    expect(queryClient.getQueryData(['session', 'profile'])).toBeDefined();
    await waitFor(() => expect(queryClient.getQueryData(['session', 'profile'])).toBeUndefined(), {
      timeout: 2000,
    });
  });
});

describe('not found', () => {
  it('shows a not-found page with a way back to the dashboard', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
