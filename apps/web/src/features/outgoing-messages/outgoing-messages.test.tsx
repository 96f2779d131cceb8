import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LIST = 'GET /api/v1/admin/message/get-outgoing-message-list';
const RETRY = 'POST /api/v1/admin/message/retry-outgoing-message';
const FAILED_ID = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const failed = {
  _id: FAILED_ID,
  kind: 'order-confirmation',
  channel: 'EMAIL',
  recipient: 'grace@example.test',
  orderCode: 'K7M2QX',
  eventTitle: 'Jazz in the Park',
  status: 'FAILED',
  attempts: 30,
  lastError: 'SMTP 554 rejected',
  nextAttemptAt: '2026-11-20T10:00:00.000Z',
  sentAt: null,
  createdAt: '2026-11-19T10:00:00.000Z',
};
const sent = {
  ...failed,
  _id: '6e2d3c4b-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  recipient: 'alan@example.test',
  orderCode: null,
  eventTitle: null,
  kind: 'invitation',
  status: 'SENT',
  attempts: 1,
  lastError: null,
  sentAt: '2026-11-19T10:00:05.000Z',
};

const page = (items: unknown[]) => ({
  status: 200,
  body: { message: 'Messages loaded.', result: { items, total: items.length, page: 1, limit: 10 } },
});

describe('outgoing messages screen', () => {
  it('lists messages with what they are about and why they failed; Retry after Confirm calls the API', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [LIST]: (call) => page(call.query.status === 'FAILED' ? [failed] : [failed, sent]),
      [RETRY]: {
        status: 200,
        body: {
          message: 'The message will be sent again within seconds.',
          result: { ...failed, status: 'PENDING', attempts: 0, lastError: null },
        },
      },
    });
    const { router } = renderApp('/outgoing-messages', api);
    await screen.findByRole('heading', { name: 'Outgoing messages', level: 1 });
    expect(await screen.findAllByText('grace@example.test')).not.toHaveLength(0);
    expect(screen.getAllByText('Order K7M2QX')).not.toHaveLength(0);
    expect(screen.getAllByText('SMTP 554 rejected')).not.toHaveLength(0);
    expect(screen.getAllByText('alan@example.test')).not.toHaveLength(0);
    // A sent message has nothing to retry.
    expect(screen.queryByRole('button', { name: 'Retry the message to alan@example.test' })).toBeNull();

    await userEvent.click(
      screen.getAllByRole('button', { name: 'Retry the message to grace@example.test' })[0] as HTMLElement,
    );
    const confirm = await screen.findByRole('dialog', { name: 'Send this message again?' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ messageId: FAILED_ID }),
    );

    await userEvent.click(screen.getAllByLabelText('Status')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(currentUrl(router)).toContain('status=FAILED'));
    await waitFor(() => expect(screen.queryAllByText('alan@example.test')).toHaveLength(0));
  });

  it('says when there are no messages', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'ADMIN' })),
      [LIST]: page([]),
    });
    renderApp('/outgoing-messages', api);
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});
