import type { EventDetail, WaitingListEntry, WaitingListSummary } from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const EVENT = 'GET /api/v1/organizer/panel-organizer-event-detail';
const LIST = 'GET /api/v1/organizer/waiting-list-entry-list';
const SUMMARY = 'GET /api/v1/organizer/get-waiting-list-settings';
const UPDATE = 'PUT /api/v1/organizer/update-waiting-list-settings';
const REMOVE = 'POST /api/v1/organizer/remove-waiting-list-entry';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const OCC_ID = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const TYPE_ID = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const ENTRY_A = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const ENTRY_B = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const STARTS = '2026-03-20T10:00:00.000Z';

const event: EventDetail = {
  _id: EVENT_ID,
  kind: 'SINGLE',
  title: 'Jazz night',
  image: null,
  status: 'PUBLISHED',
  visibility: 'PUBLIC',
  startsAt: STARTS,
  endsAt: '2026-03-20T13:00:00.000Z',
  timeZone: 'Asia/Tokyo',
  locationType: 'VENUE',
  venueName: 'Blue Note Tokyo',
  organization: { _id: ORG_ID, name: 'Blue Note', currency: 'JPY' },
  myRole: 'OWNER',
  isBlocked: false,
  isVerified: false,
  isReported: false,
  isArchived: false,
  description: '',
  images: [],
  category: null,
  subcategory: null,
  tags: [],
  classType: null,
  location: null,
  occurrences: [
    {
      _id: OCC_ID,
      startsAt: STARTS,
      endsAt: '2026-03-20T13:00:00.000Z',
      visibility: 'PUBLIC',
      capacity: 10,
      sold: 10,
      status: 'SCHEDULED',
    },
  ],
  ticketTypes: [
    {
      _id: TYPE_ID,
      pricing: 'PAID',
      name: 'Standing',
      description: '',
      price: 4500,
      quantity: 10,
      saleStartsAt: null,
      saleEndsAt: null,
      minPerOrder: 1,
      maxPerOrder: null,
      sold: 10,
      position: 0,
    },
  ],
  schedule: null,
  team: [],
  cancellation: null,
  publishedAt: '2026-01-06T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-06T10:00:00.000Z',
  sold: 10,
  capacity: 10,
  attendeeNames: false,
  slug: 'jazz-night',
};

function entry(over: Partial<WaitingListEntry>): WaitingListEntry {
  return {
    _id: ENTRY_A,
    position: 1,
    name: 'Grace Hopper',
    email: 'grace@example.com',
    quantity: 2,
    offeredQuantity: 0,
    status: 'WAITING',
    offerExpiresAt: null,
    occurrence: { _id: OCC_ID, startsAt: STARTS },
    ticketType: { _id: TYPE_ID, name: 'Standing' },
    bookingId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

const summary: WaitingListSummary = {
  enabled: true,
  offerHours: 24,
  peopleWaiting: 1,
  ticketsWaiting: 2,
  offersOpen: 1,
};
const ok = (result: unknown) => ({ status: 200, body: { message: 'Done.', result } });

describe('event waiting list screen', () => {
  it('lists people in line with their status, removes after a confirmation and saves the settings', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
    const api = fakeApi({
      [PROFILE]: profileAnswer(profileFixture({ role: 'USER', organizerRequest: 'APPROVED' })),
      [EVENT]: ok(event),
      [SUMMARY]: ok(summary),
      [LIST]: ok({
        items: [
          entry({}),
          entry({
            _id: ENTRY_B,
            name: 'Alan Turing',
            email: 'alan@example.com',
            position: null,
            status: 'OFFERED',
            offeredQuantity: 1,
            offerExpiresAt: '2026-03-02T01:00:00.000Z',
          }),
        ],
        total: 2,
        page: 1,
        limit: 50,
      }),
      [REMOVE]: ok(entry({ status: 'REMOVED', position: null })),
      [UPDATE]: ok({ ...summary, enabled: false }),
    });
    const user = userEvent.setup();
    renderApp(`/event-management/${EVENT_ID}/waiting-list`, api);
    expect(await screen.findByRole('heading', { name: 'Waiting list', level: 1 })).toBeTruthy();
    expect(await screen.findAllByText('Grace Hopper')).toBeTruthy();
    // An open offer says until when, in the event's zone (Tokyo).
    expect(screen.getAllByText(/Offered until .*10:00/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('waiting-demand').textContent).toBe(
      '1 person waiting for 2 tickets; 1 offer open.',
    );

    await user.click(screen.getAllByRole('button', { name: 'Remove Alan Turing' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/loses the offer/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.calls.some((c) => `${c.method} ${c.path}` === REMOVE)).toBe(true));
    expect(api.calls.find((c) => `${c.method} ${c.path}` === REMOVE)?.body).toEqual({
      eventId: EVENT_ID,
      entryId: ENTRY_B,
    });

    await user.click(screen.getByRole('switch', { name: /Buyers can join the waiting list/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => `${c.method} ${c.path}` === UPDATE)).toBe(true));
    expect(api.calls.find((c) => `${c.method} ${c.path}` === UPDATE)?.body).toEqual({
      eventId: EVENT_ID,
      enabled: false,
      offerHours: 24,
    });
  });
});
