import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const MINE = 'GET /api/v1/admin/category/my-catalog-request-list';
const CATEGORIES = 'GET /api/v1/admin/category/get-category-list';
const MUSIC = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';

const request = (over: Record<string, unknown>) => ({
  _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  kind: 'TAG',
  name: 'Sunset',
  note: null,
  categoryIds: [],
  status: 'PENDING',
  rejectionReason: null,
  requestedBy: { _id: '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b', name: 'Olivia O', email: 'o@example.com' },
  createdAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  createdItemId: null,
  ...over,
});

function organizerApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [PROFILE]: profileAnswer(profileFixture({ role: 'USER', organizerRequest: 'APPROVED' })),
    [CATEGORIES]: {
      status: 200,
      body: { message: 'ok', result: [{ _id: MUSIC, name: 'Music', image: null, thumbnail: null }] },
    },
    [MINE]: {
      status: 200,
      body: {
        message: 'ok',
        result: {
          items: [
            request({}),
            request({
              _id: 'b1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
              kind: 'SUBCATEGORY',
              name: 'Yoga',
              categoryIds: [MUSIC],
              status: 'REJECTED',
              rejectionReason: 'Use Fitness',
            }),
          ],
          total: 2,
          page: 1,
          limit: 10,
        },
      },
    },
    ...extra,
  });
}

describe('catalog requests (organizers)', () => {
  it('lists my requests with their outcome and sends a subcategory request with parent categories', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = organizerApi({
      'POST /api/v1/admin/subcategory/subcategory-request': (call) => ({
        status: 200,
        body: {
          message: 'Your subcategory request was sent to the administrators.',
          result: request({ ...(call.body as object), kind: 'SUBCATEGORY' }),
        },
      }),
    });
    renderApp('/catalog-requests', api);
    const table = await screen.findByRole('table', { name: 'My requests' });
    expect(await within(table).findByText('Reason: Use Fitness')).toBeTruthy();
    expect(within(table).getByText('in Music')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a catalog item' });
    await userEvent.click(within(dialog).getByText('Subcategory'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('The subcategory name needs at least 2 characters')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/^Subcategory name/), 'Yoga flow');
    await userEvent.click(within(dialog).getByPlaceholderText('Choose categories'));
    await userEvent.click(await screen.findByRole('option', { name: 'Music' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('/api/v1/admin/subcategory/subcategory-request');
    expect(sent?.body).toEqual({ name: 'Yoga flow', categoryIds: [MUSIC] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a catalog item' })).toBeNull());
  });

  it('shows the not-found page to administrators who are not organizers', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    renderApp('/catalog-requests', fakeApi({ [PROFILE]: profileAnswer(profileFixture()) }));
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
