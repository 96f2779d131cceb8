import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LIST = 'GET /api/v1/admin/user/get-organizer-request-list';
const DECIDE = 'POST /api/v1/admin/user/decide-organizer-request';
const PRIYA = '0b7e4a52-8f3c-4d2e-9a1b-5c6d7e8f9a0b';

const item = {
  _id: PRIYA,
  user: {
    _id: PRIYA,
    name: 'Priya Patel',
    email: 'priya@example.com',
    username: 'priya',
    phone: null,
    createdAt: '2026-01-01T10:00:00.000Z',
  },
  status: 'PENDING',
  organizationName: 'Lotus Yoga Collective',
  description: 'Weekly yoga classes in the park pavilion.',
  website: 'https://lotus-yoga.example',
  phone: '+15550100022',
  submittedAt: '2026-01-05T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
};

const page = (items: unknown[]) => ({
  status: 200,
  body: { message: 'ok', result: { items, total: items.length, page: 1, limit: 10 } },
});

describe('organizer requests queue', () => {
  it('asks for a reason on the field, keeps the text when the server refuses it, and rejects', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    let attempts = 0;
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [LIST]: page([item]),
      [DECIDE]: () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Use at most 500 characters',
                errors: [{ field: 'reason', message: 'Use at most 500 characters' }],
              },
            }
          : {
              status: 200,
              body: { message: 'Organizer request rejected.', result: { userId: PRIYA, status: 'REJECTED' } },
            };
      },
    });
    renderApp('/organizer-requests', api);
    await screen.findByRole('heading', { name: 'Organizer requests', level: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Priya Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject organizer request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('Enter a reason for the rejection')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'No website yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText('Use at most 500 characters')).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('No website yet');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reject organizer request' })).toBeNull(),
    );
    const posted = api.calls.filter((c) => c.method === 'POST').at(-1);
    expect(posted?.body).toEqual({ userId: PRIYA, decision: 'REJECT', reason: 'No website yet' });
  });

  it('approves after Cancel / Confirm and keeps the status filter in the URL', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [LIST]: (call) => page(call.query.status === 'APPROVED' ? [] : [item]),
      [DECIDE]: {
        status: 200,
        body: { message: 'Organizer request approved.', result: { userId: PRIYA, status: 'APPROVED' } },
      },
    });
    const { router } = renderApp('/organizer-requests', api);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Priya Patel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve organizer request' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        userId: PRIYA,
        decision: 'APPROVE',
      }),
    );
    await userEvent.click(screen.getAllByLabelText('Filter by status')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(currentUrl(router)).toContain('status=APPROVED'));
    expect(await screen.findByText('No approved organizer requests yet.')).toBeTruthy();
  });
});
