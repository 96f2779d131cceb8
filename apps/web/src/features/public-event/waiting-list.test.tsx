import type { PublicEvent, WaitingListEntryView } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUrl, fakeApi, renderApp } from '../../test/render-app';

const DETAIL = 'GET /api/v1/booking/public-event-detail';
const JOIN = 'POST /api/v1/booking/join-waiting-list';
const ENTRY = 'GET /api/v1/booking/get-waiting-list-entry';
const CREATE = 'POST /api/v1/booking/create-booking';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const OCC = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const GENERAL = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const ENTRY_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const STARTS = '2026-07-10T23:00:00.000Z';
const ENDS = '2026-07-11T02:00:00.000Z';

const soldOut: PublicEvent = {
  _id: EVENT_ID,
  slug: 'jazz-night',
  kind: 'SINGLE',
  title: 'Jazz night',
  image: null,
  organization: { _id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', name: 'Blue Note' },
  category: null,
  startsAt: STARTS,
  endsAt: ENDS,
  timeZone: 'America/New_York',
  venueName: 'Blue Note NYC',
  fromPrice: 2650,
  currency: 'USD',
  salesState: 'SOLD_OUT',
  description: '',
  images: [],
  status: 'PUBLISHED',
  classBookingMode: null,
  location: null,
  maxTicketsPerOrder: 10,
  attendeeNames: false,
  attendeeEmails: false,
  questions: [],
  ticketTypes: [
    {
      _id: GENERAL,
      pricing: 'PAID',
      name: 'General',
      description: '',
      price: 2500,
      buyerFee: 150,
      buyerPays: 2650,
      minPerOrder: 1,
      maxPerOrder: 10,
      saleStartsAt: null,
      saleEndsAt: null,
    },
  ],
  occurrences: [
    { _id: OCC, startsAt: STARTS, endsAt: ENDS, salesState: 'SOLD_OUT', remaining: { [GENERAL]: 0 } },
  ],
};

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
