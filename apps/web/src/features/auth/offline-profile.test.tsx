import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccessToken, STORAGE_KEYS, saveSession } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const ada = profileFixture();

function signIn(userId = ada._id) {
  saveSession({ accessToken: 'token-abc', userId, organizerRequest: 'NONE', email: ada.email });
}

/** The network is down: every call fails before an answer, as fetch does offline. */
const noNetwork = () =>
  Object.assign(fakeApi({}), {
    fetch: (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch,
  });

describe('the console with no network (a door device reloading offline)', () => {
  it('keeps the last loaded profile and opens from it instead of signing out', async () => {
    signIn();
    const first = renderApp('/dashboard', fakeApi({ [PROFILE]: profileAnswer(ada) }));
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeTruthy();
    first.unmount();

    const { router } = renderApp('/dashboard', noNetwork());
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeTruthy();
    expect(currentUrl(router)).toBe('/dashboard');
    expect(getAccessToken()).toBe('token-abc');
  });

  it('never opens from a profile kept for someone else, and forgets it at logout', async () => {
    localStorage.setItem(STORAGE_KEYS.offlineProfile, JSON.stringify(ada));
    signIn('another-user');
    const { router } = renderApp('/dashboard', noNetwork());
    await waitFor(() => expect(currentUrl(router)).toBe('/login?redirect=%2Fdashboard'));
    expect(localStorage.getItem(STORAGE_KEYS.offlineProfile)).toBeNull();
  });
});
