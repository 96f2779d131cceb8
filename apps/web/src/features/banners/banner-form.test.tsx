import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../../lib/dates';
import { STORAGE_KEYS } from '../../lib/storage';
import { fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const B = '/api/v1/admin/banner';
const BANNER_ID = 'c1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const STARTS = '2026-03-08T07:30:00.000Z';
const ENDS = '2026-11-01T05:30:00.000Z';

const banner = {
  _id: BANNER_ID,
  title: 'Summer nights',
  image: '/media/banner.png',
  thumbnail: null,
  linkType: 'EVENT',
  linkValue: EVENT_ID,
  linkLabel: 'Friday Night Jazz Jam',
  visibility: 'BOTH',
  status: 'ACTIVE',
  order: 0,
  activeFrom: STARTS,
  activeTo: ENDS,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function adminApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    'GET /api/v1/user/get-user-detail': profileAnswer(profileFixture()),
    'GET /api/v1/admin/category/get-category-list': { status: 200, body: { message: 'ok', result: [] } },
    [`GET ${B}/get-banner-detail`]: { status: 200, body: { message: 'ok', result: banner } },
    'GET /api/v1/organizer/panel-organizer-event-list': {
      status: 200,
      body: { message: 'ok', result: { items: [], total: 0, page: 1, limit: 50 } },
    },
    ...extra,
  });
}

describe('banner form', () => {
  it('offers category, event and web-address links, and dates labelled with the administrator’s zone', async () => {
    renderApp('/banner-management/new', adminApi());
    await screen.findByRole('form', { name: 'Add banner' });
    expect(screen.getByText('A category')).toBeTruthy();
    expect(screen.getByText('A web address')).toBeTruthy();
    expect(screen.getByText('An event')).toBeTruthy();
    const zone = browserTimeZone();
    expect(screen.getByText(`Active from (${zone})`)).toBeTruthy();
    expect(screen.getByText(`Active to (${zone})`)).toBeTruthy();
  });

  it('links a new banner to an upcoming event picked by its title', async () => {
    const summary = {
      _id: '44444444-4444-4444-8444-444444444444',
      kind: 'SINGLE',
      title: 'Saturday Big Band Series',
      image: null,
      organization: { _id: '55555555-5555-4555-8555-555555555555', name: 'Riverside Jazz Club' },
      category: null,
      status: 'PUBLISHED',
      visibility: 'PUBLIC',
      isBlocked: false,
      isVerified: false,
      isReported: false,
      isArchived: false,
      startsAt: '2026-12-05T01:00:00.000Z',
      endsAt: '2026-12-05T04:00:00.000Z',
      timeZone: 'America/New_York',
      locationType: 'VENUE',
      venueName: 'Riverside Hall',
      occurrenceCount: 1,
      sold: 0,
      capacity: 100,
      currency: 'USD',
      myRole: 'ADMIN',
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const api = adminApi({
      'GET /api/v1/organizer/panel-organizer-event-list': {
        status: 200,
        body: { message: 'ok', result: { items: [summary], total: 1, page: 1, limit: 50 } },
      },
    });
    renderApp('/banner-management/new', api);
    await screen.findByRole('form', { name: 'Add banner' });
    await userEvent.click(screen.getByText('An event'));
    await userEvent.click(await screen.findByPlaceholderText('Search upcoming events'));
    await userEvent.click(await screen.findByRole('option', { name: /Saturday Big Band Series/ }));
    expect(screen.getByDisplayValue('Saturday Big Band Series · Riverside Jazz Club')).toBeTruthy();
    const listCall = api.calls.find((c) => c.path.endsWith('panel-organizer-event-list'));
    expect(listCall?.query).toMatchObject({ tab: 'UPCOMING', sort: 'startsAt' });
  });

  it('shows a stored window on the browser’s clock and saves it back unchanged, event link kept', async () => {
    const api = adminApi({
      [`PUT ${B}/update-banner`]: (call) => ({
        status: 200,
        body: { message: 'Banner "Summer nights" saved.', result: { ...banner, ...(call.body as object) } },
      }),
      [`GET ${B}/get-banner-list`]: {
        status: 200,
        body: { message: 'ok', result: { items: [], total: 0, page: 1, limit: 10 } },
      },
    });
    renderApp(`/banner-management/${BANNER_ID}/edit`, api);
    await screen.findByRole('form', { name: 'Edit banner' });
    // The machine running the tests is the "browser": its local clock is what the field must show.
    const zone = browserTimeZone();
    for (const [label, iso] of [
      ['Active from', STARTS],
      ['Active to', ENDS],
    ] as const) {
      const day = await screen.findByRole('button', { name: `${label} (${zone}): day` });
      expect(day.textContent).toBe(format(new Date(iso), 'MMM d, yyyy'));
      const time = screen.getByLabelText(`${label} (${zone}): time`) as HTMLInputElement;
      expect(time.value).toBe(format(new Date(iso), 'HH:mm'));
    }
    // The linked event shows by its title, not its id, even when it is not among the search results.
    expect(screen.getByDisplayValue('Friday Night Jazz Jam')).toBeTruthy();
    expect(screen.getByText('A category')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      bannerId: BANNER_ID,
      linkType: 'EVENT',
      linkValue: EVENT_ID,
      activeFrom: STARTS,
      activeTo: ENDS,
    });
  });
});
