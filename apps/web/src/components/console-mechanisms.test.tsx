import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage';
import { toast } from '../lib/toasts';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../test/render-app';
import { UNSAVED_CHANGES_TITLE } from './unsaved-changes';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const TAGS = 'GET /api/v1/admin/tag/tag-list-with-pagination';
const CREATE = 'POST /api/v1/admin/tag/create-tag';
const DUPLICATE = 'A tag named "Jazz" already exists.';
const EMPTY_PAGE = {
  status: 200,
  body: { message: 'ok', result: { items: [], total: 0, page: 1, limit: 10 } },
};

function adminApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({ [PROFILE]: profileAnswer(profileFixture()), [TAGS]: EMPTY_PAGE, ...extra });
}

// The first screen loads its route lazily; a busy machine needs more than the default second.
const SLOW = { timeout: 8000 };
const toasts = () => document.querySelectorAll('[data-testid="toast"]');

describe('console mechanisms', () => {
  it('puts a duplicate name under the Name field, once, with focus on it', async () => {
    const api = adminApi({ [CREATE]: { status: 409, body: { message: DUPLICATE } } });
    renderApp('/tag-management', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Add tag' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'Jazz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByText(DUPLICATE)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(toasts()).toHaveLength(0);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 15_000);

  it('toasts a refusal that belongs to no field, once', async () => {
    renderApp('/tag-management', adminApi({ [CREATE]: { status: 403, body: { message: 'Not allowed.' } } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add tag' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Jazz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]?.textContent).toContain('Not allowed.');
    expect(within(dialog).queryByText('Not allowed.')).toBeNull();
  }, 15_000);

  it('says a list failed and offers Retry, never "No results"', async () => {
    let fail = true;
    const api = adminApi({
      [TAGS]: () => (fail ? { status: 500, body: { message: 'Something went wrong.' } } : EMPTY_PAGE),
    });
    renderApp('/tag-management', api);
    const error = await screen.findByTestId('list-error', {}, SLOW);
    expect(error.textContent).toContain('Tags could not be loaded');
    expect(screen.queryByText('No results')).toBeNull();
    expect(screen.queryByTestId('empty-state')).toBeNull();
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('tag-list-with-pagination'))).toHaveLength(2);
  }, 15_000);

  it('asks before closing a form with unsaved changes, starting on Cancel', async () => {
    renderApp('/tag-management', adminApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Add tag' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Half typed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' })),
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // Stayed: the draft is still there.
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Half typed',
    );
  }, 15_000);

  it('shows the same toast once however often it is raised', async () => {
    renderApp('/tag-management', adminApi());
    await screen.findByRole('button', { name: 'Add tag' }, SLOW);
    act(() => {
      toast.error('Could not reach the server.');
      toast.error('Could not reach the server.');
    });
    await waitFor(() => expect(toasts()).toHaveLength(1));
    fireEvent.keyDown(document.body, { key: 'Escape' });
  }, 15_000);
});
