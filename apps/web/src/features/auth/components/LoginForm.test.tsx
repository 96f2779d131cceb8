import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../../test/render-app';

const LOGIN = 'POST /api/v1/user/login';
const PROFILE = 'GET /api/v1/user/get-user-detail';
const USER_ID = '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b';

const loginSucceeds = {
  status: 200,
  body: {
    message: 'Welcome back!',
    result: { accessToken: 'new-token', _id: USER_ID, organizerRequest: 'APPROVED' },
  },
};

async function fillAndSubmit(email: string, password: string, { remember = false } = {}) {
  await userEvent.type(await screen.findByLabelText(/Email or username/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  if (remember) await userEvent.click(screen.getByLabelText('Remember me'));
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  it('keeps what was typed after a failed login and shows the server message', async () => {
    const api = fakeApi({ [LOGIN]: { status: 401, body: { message: 'Wrong email, username or password' } } });
    const { router } = renderApp('/login', api);
    await fillAndSubmit('ada@example.com', 'not-my-password');

    const toast = await screen.findByText('Wrong email, username or password');
    expect(toast.closest('[data-testid="toast"]')?.getAttribute('data-toast-kind')).toBe('error');
    expect((screen.getByLabelText(/Email or username/) as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('not-my-password');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('checks the fields with the contract before calling the server', async () => {
    const api = fakeApi({});
    renderApp('/login', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address or username')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('stores the session, toasts the server message and returns to the requested page', async () => {
    const api = fakeApi({ [LOGIN]: loginSucceeds, [PROFILE]: profileAnswer(profileFixture()) });
    const { router } = renderApp(`/login?redirect=${encodeURIComponent('/dashboard?from=mail')}`, api);
    await fillAndSubmit('  ada@example.com ', 'correct horse', { remember: true });

    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard?from=mail'));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-token');
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(btoa(USER_ID));
    expect(localStorage.getItem(STORAGE_KEYS.organizerRequest)).toBe(btoa('APPROVED'));
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe('ada@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.rememberEmail)).toBe('ada@example.com');
    expect(localStorage.getItem(STORAGE_KEYS.rememberPassword)).toBeNull();
    expect(Object.values(localStorage).some((value) => String(value).includes('correct horse'))).toBe(false);
  });

  it('ignores a redirect to another site', async () => {
    const api = fakeApi({ [LOGIN]: loginSucceeds, [PROFILE]: profileAnswer(profileFixture()) });
    const { router } = renderApp(`/login?redirect=${encodeURIComponent('//evil.example/phish')}`, api);
    await fillAndSubmit('ada', 'correct horse');
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });

  it('prefills the remembered email and forgets it when the box is cleared', async () => {
    localStorage.setItem(STORAGE_KEYS.rememberEmail, 'ada@example.com');
    const api = fakeApi({ [LOGIN]: loginSucceeds, [PROFILE]: profileAnswer(profileFixture()) });
    const { router } = renderApp('/login', api);
    const email = (await screen.findByLabelText(/Email or username/)) as HTMLInputElement;
    const remember = screen.getByLabelText('Remember me') as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(remember.checked).toBe(true);

    await userEvent.click(remember);
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.rememberEmail)).toBeNull();
  });

  it('links to password recovery', async () => {
    renderApp('/login');
    expect((await screen.findByRole('link', { name: 'Forgot password?' })).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
