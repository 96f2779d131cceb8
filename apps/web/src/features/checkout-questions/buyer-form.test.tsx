import type { BuyerBooking, PublicEvent } from '@marquee/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_CALLS,
  PUBLIC_EVENT_ENDS,
  PUBLIC_EVENT_IDS,
  PUBLIC_EVENT_STARTS,
  publicEventFixture,
  publicTicketType,
} from '../../test/public-event-fixtures';
import { fakeApi, type RecordedCall, renderApp } from '../../test/render-app';

const DETAIL = PUBLIC_CALLS.detail;
const CREATE = PUBLIC_CALLS.create;
const EVENT_ID = PUBLIC_EVENT_IDS.event;
const GENERAL = PUBLIC_EVENT_IDS.general;
const MEAL = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const DIET = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const STARTS = PUBLIC_EVENT_STARTS;
const ENDS = PUBLIC_EVENT_ENDS;

const event: PublicEvent = publicEventFixture({
  slug: 'supper-club',
  title: 'Supper club',
  organization: { _id: PUBLIC_EVENT_IDS.organization, name: 'Harbour Kitchen' },
  timeZone: 'Europe/London',
  venueName: 'Harbour Hall',
  fromPrice: 0,
  currency: 'GBP',
  attendeeEmails: true,
  questions: [
    {
      _id: MEAL,
      scope: 'ORDER',
      type: 'SINGLE_CHOICE',
      label: 'Meal',
      helpText: '',
      choices: ['Fish', 'Pasta'],
      required: true,
      ticketTypeIds: [],
    },
    {
      _id: DIET,
      scope: 'ATTENDEE',
      type: 'SHORT_TEXT',
      label: 'Dietary needs',
      helpText: 'Allergies too',
      choices: [],
      required: true,
      ticketTypeIds: [],
    },
  ],
  ticketTypes: [publicTicketType({ pricing: 'FREE', price: 0, buyerFee: 0, buyerPays: 0 })],
  occurrences: [
    {
      _id: PUBLIC_EVENT_IDS.date,
      startsAt: STARTS,
      endsAt: ENDS,
      salesState: 'ON_SALE',
      remaining: { [GENERAL]: 20 },
    },
  ],
});

const booking = {
  _id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  code: 'QX7K2M',
  accessToken: 'tok_abcdefghijklmnopqrstuvwxyz012345',
  status: 'CONFIRMED',
  event: {
    _id: EVENT_ID,
    slug: 'supper-club',
    title: 'Supper club',
    timeZone: 'Europe/London',
    startsAt: STARTS,
    endsAt: ENDS,
    venueName: 'Harbour Hall',
    address: null,
    onlineUrl: null,
    organizationName: 'Harbour Kitchen',
  },
  occurrence: null,
  dates: [{ startsAt: STARTS, endsAt: ENDS }],
  buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
  lines: [{ ticketTypeId: GENERAL, name: 'General', quantity: 2, unitPrice: 0, unitFee: 0 }],
  currency: 'GBP',
  subtotal: 0,
  serviceFee: 0,
  total: 0,
  holdExpiresAt: null,
  payment: null,
  tickets: [],
  confirmedAt: STARTS,
  createdAt: STARTS,
} satisfies BuyerBooking;

const ok = (result: unknown) => ({ status: 200, body: { message: 'OK', result } });

describe('checkout questions on the event page', () => {
  // It types a good deal, one key at a time.
  it('asks per order and per ticket, checks like the server, puts server errors on the field and keeps what was typed', {
    timeout: 60_000,
  }, async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = fakeApi({
      [DETAIL]: ok(event),
      [CREATE]: (_call: RecordedCall) => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Please correct the highlighted fields.',
                errors: [{ field: `attendees.1.${DIET}`, message: 'At most 200 characters' }],
              },
            }
          : ok(booking);
      },
    });
    renderApp('/e/supper-club', api);
    await screen.findByRole('heading', { name: 'Supper club', level: 1 });
    const more = screen.getByRole('button', { name: 'More General tickets' });
    await user.click(more);
    await user.click(more);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'grace@example.com');

    // Nothing answered: the client's check (the contract's checkAnswer) names each question.
    await user.click(screen.getByRole('button', { name: 'Get tickets' }));
    const questions = screen.getByTestId('checkout-questions');
    // The meal, two attendee emails and two dietary needs.
    expect(within(questions).getAllByText('This question needs an answer')).toHaveLength(5);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    const ticket = (n: number) => screen.getByRole('group', { name: `Ticket ${n}: General` });
    await user.click(screen.getByRole('radio', { name: 'Pasta' }));
    for (const n of [1, 2]) {
      await user.type(
        within(ticket(n)).getByRole('textbox', { name: 'Attendee email' }),
        `guest${n}@example.com`,
      );
      await user.type(
        within(ticket(n)).getByRole('textbox', { name: /Dietary needs/ }),
        n === 1 ? 'Vegan' : 'x',
      );
    }
    await user.click(screen.getByRole('button', { name: 'Get tickets' }));

    // The server's error sits on ticket 2's field; everything typed stays.
    expect(await within(ticket(2)).findByText('At most 200 characters')).toBeTruthy();
    expect(within(ticket(1)).queryByText('At most 200 characters')).toBeNull();
    const diet2 = within(ticket(2)).getByRole('textbox', { name: /Dietary needs/ }) as HTMLInputElement;
    expect(diet2.value).toBe('x');
    expect(
      (within(ticket(1)).getByRole('textbox', { name: 'Attendee email' }) as HTMLInputElement).value,
    ).toBe('guest1@example.com');
    expect((screen.getByRole('radio', { name: 'Pasta' }) as HTMLInputElement).checked).toBe(true);

    await user.clear(diet2);
    await user.type(diet2, 'Nut allergy');
    await user.click(screen.getByRole('button', { name: 'Get tickets' }));
    expect((await screen.findAllByText(/QX7K2M/)).length).toBeGreaterThan(0);
    const sent = api.calls.filter((c) => c.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(sent.answers).toEqual({ [MEAL]: 'Pasta' });
    expect(sent.attendees).toEqual([
      { email: 'guest1@example.com', [DIET]: 'Vegan' },
      { email: 'guest2@example.com', [DIET]: 'Nut allergy' },
    ]);
  });
});
