import type { PublicEvent, WaitingListEntryView } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  PUBLIC_CALLS,
  PUBLIC_EVENT_ENDS,
  PUBLIC_EVENT_IDS,
  PUBLIC_EVENT_STARTS,
  publicEventFixture,
} from '../../test/public-event-fixtures';
import { currentUrl, fakeApi, renderApp } from '../../test/render-app';

const DETAIL = PUBLIC_CALLS.detail;
const JOIN = 'POST /api/v1/booking/join-waiting-list';
const ENTRY = 'GET /api/v1/booking/get-waiting-list-entry';
const CREATE = PUBLIC_CALLS.create;

const EVENT_ID = PUBLIC_EVENT_IDS.event;
const OCC = PUBLIC_EVENT_IDS.date;
const GENERAL = PUBLIC_EVENT_IDS.general;
const ENTRY_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const STARTS = PUBLIC_EVENT_STARTS;
const ENDS = PUBLIC_EVENT_ENDS;

const soldOut: PublicEvent = publicEventFixture({
  salesState: 'SOLD_OUT',
  occurrences: [
    { _id: OCC, startsAt: STARTS, endsAt: ENDS, salesState: 'SOLD_OUT', remaining: { [GENERAL]: 0 } },
  ],
});

function entry(over: Partial<WaitingListEntryView> = {}): WaitingListEntryView {
  return {
    _id: ENTRY_ID,
    token: TOKEN,
    status: 'WAITING',
    position: 3,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    quantity: 2,
    offeredQuantity: 0,
    offerExpiresAt: null,
    event: { _id: EVENT_ID, slug: 'jazz-night', title: 'Jazz night', timeZone: 'America/New_York' },
    occurrence: { _id: OCC, startsAt: STARTS, endsAt: ENDS },
    ticketType: { _id: GENERAL, name: 'General' },
    createdAt: '2026-06-01T10:00:00.000Z',
    ...over,
  };
}

const ok = (result: unknown) => ({ status: 200, body: { message: 'OK', result } });

describe('waiting list on the public event page', () => {
  it('a sold-out type offers the list; errors land on the fields; joining opens the place in line', async () => {
    let joins = 0;
    const api = fakeApi({
      [DETAIL]: ok(soldOut),
      [JOIN]: () => {
        joins += 1;
        return joins === 1
          ? {
              status: 409,
              body: {
                message: 'This email address is already on the waiting list for these tickets.',
                errors: [
                  {
                    field: 'email',
                    message: 'This email address is already on the waiting list for these tickets.',
                  },
                ],
              },
            }
          : ok(entry());
      },
      [ENTRY]: ok(entry()),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/e/jazz-night', api);
    await user.click(await screen.findByRole('button', { name: 'Join waiting list for General' }));
    const form = screen.getByRole('form', { name: 'Join the waiting list for General' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Your name' })),
    );
    await user.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    expect(await within(form).findByText('Enter your name')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(joins).toBe(0);

    await user.type(within(form).getByRole('textbox', { name: 'Your name' }), 'Grace Hopper');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    expect(
      await within(form).findByText('This email address is already on the waiting list for these tickets.'),
    ).toBeTruthy();
    // The values stay; a second try goes through and opens the entry's page.
    expect((within(form).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    await user.click(within(form).getByRole('button', { name: 'Join waiting list' }));
    expect(await screen.findByText('You are number 3 in line.')).toBeTruthy();
    expect(currentUrl(router)).toBe(`/e/jazz-night/waiting-list/${ENTRY_ID}?token=${TOKEN}`);
    const sent = api.calls.filter((c) => `${c.method} ${c.path}` === JOIN).at(-1);
    expect(sent?.body).toEqual({
      eventId: EVENT_ID,
      occurrenceId: OCC,
      ticketTypeId: GENERAL,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      quantity: 1,
    });
  });

  it('an offer shows its deadline and Buy now checks out the held seats with the link', async () => {
    const api = fakeApi({
      [ENTRY]: ok(
        entry({
          status: 'OFFERED',
          position: null,
          offeredQuantity: 2,
          offerExpiresAt: '2026-06-02T14:00:00.000Z',
        }),
      ),
      [CREATE]: { status: 409, body: { message: 'This offer has expired or was already used.' } },
    });
    const user = userEvent.setup();
    renderApp(`/e/jazz-night/waiting-list/${ENTRY_ID}?token=${TOKEN}`, api);
    expect(await screen.findByText('Seats are held for you')).toBeTruthy();
    expect(
      screen.getByText(
        /2 tickets of General are yours to buy until .*2026 at 10:00 AM \(America\/New_York\)/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() =>
      expect(screen.getByTestId('offer-error').textContent).toContain('This offer has expired'),
    );
    const sent = api.calls.find((c) => `${c.method} ${c.path}` === CREATE);
    expect(sent?.body).toMatchObject({
      eventId: EVENT_ID,
      occurrenceId: OCC,
      lines: [{ ticketTypeId: GENERAL, quantity: 2 }],
      buyer: { name: 'Grace Hopper', email: 'grace@example.com' },
      waitingListOffer: { entryId: ENTRY_ID, token: TOKEN },
    });
    expect(sent?.headers['idempotency-key']).toBeTruthy();
  });
});
