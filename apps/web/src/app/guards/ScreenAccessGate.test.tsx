import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });
const SCANNER = profileFixture({ role: 'USER', isOrganizationMember: true, scansOnly: true });

function signInAs(profile: ReturnType<typeof profileFixture>) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({ [PROFILE]: profileAnswer(profile) });
}

// The routes declare who may open each screen (tag management: 'admin'); the guard in the admin layout
// and the navigation both read that one declaration.
describe('screen access from the route declaration', () => {
  it("refuses an administrator's screen to an organizer as not found, without asking for its data", async () => {
    const api = signInAs(ORGANIZER);
    renderApp('/tag-management', api);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    const nav = screen.getByLabelText('Main navigation');
    expect(within(nav).queryByText('Tag management')).toBeNull();
    expect(within(nav).getByText('Catalog requests')).toBeTruthy();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/v1/user/get-user-detail']);
  });

  it('opens the same screen to an administrator', async () => {
    renderApp('/tag-management', signInAs(profileFixture()));
    expect(await screen.findByRole('heading', { name: 'Tag management' })).toBeTruthy();
    expect(within(screen.getByLabelText('Main navigation')).getByText('Tag management')).toBeTruthy();
  });

  it("refuses an organizer's own screen to an administrator", async () => {
    renderApp('/catalog-requests', signInAs(profileFixture()));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('sends a scanner-only member from the dashboard to the check-in, their only entry', async () => {
    const { router } = renderApp('/dashboard', signInAs(SCANNER));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/check-in'));
    const nav = await screen.findByLabelText('Main navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Check-in']);
  });
});
