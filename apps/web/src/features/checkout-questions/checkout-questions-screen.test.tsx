import type { CheckoutQuestionList } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LIST = 'GET /api/v1/organizer/checkout-question-list';
const CREATE = 'POST /api/v1/organizer/create-checkout-question';
const REORDER = 'PUT /api/v1/organizer/reorder-checkout-questions';
const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const GENERAL = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const Q1 = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const Q2 = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });

function list(questions: CheckoutQuestionList['questions']): CheckoutQuestionList {
  return {
    questions,
    settings: { attendeeNames: false, attendeeEmails: false },
    ticketTypes: [{ _id: GENERAL, name: 'General' }],
  };
}

const question = (id: string, label: string, position: number) => ({
  _id: id,
  scope: 'ORDER' as const,
  type: 'SHORT_TEXT' as const,
  label,
  helpText: '',
  choices: [],
  required: false,
  ticketTypeIds: [],
  position,
  answers: 0,
});

function api(handlers: Parameters<typeof fakeApi>[0]) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({ [PROFILE]: profileAnswer(ORGANIZER), ...handlers });
}

const path = `/event-management/${EVENT_ID}/checkout-questions`;

describe('checkout questions screen', () => {
  it('starts empty, refuses a choice question without two choices on the field, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const calls = api({ [LIST]: ok(list([])), [CREATE]: ok(question(Q1, 'Meal', 0)) });
    renderApp(path, calls);
    expect(await screen.findByText('No questions yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Meal');
    await user.click(within(dialog).getByRole('combobox', { name: 'Answer type' }));
    await user.click(await screen.findByRole('option', { name: 'Single choice' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Choices' }), 'Fish');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Give at least two choices')).toBeTruthy();
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Choices' }), '\nPasta');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // The first choice typed before the error is still there: both are sent.
    await waitFor(() => expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toMatchObject({
      eventId: EVENT_ID,
      label: 'Meal',
      type: 'SINGLE_CHOICE',
      choices: ['Fish', 'Pasta'],
    });
  });

  it('moves a question down: every question in the new order', async () => {
    const user = userEvent.setup();
    const calls = api({
      [LIST]: ok(list([question(Q1, 'Meal', 0), question(Q2, 'Company', 1)])),
      [REORDER]: ok([]),
    });
    renderApp(path, calls);
    await screen.findByText('1. Meal');
    expect((screen.getByRole('button', { name: 'Move “Meal” up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move “Meal” down' }));
    const sent = calls.calls.find((c) => c.method === 'PUT')?.body;
    expect(sent).toEqual({ eventId: EVENT_ID, questionIds: [Q2, Q1] });
  });
});
