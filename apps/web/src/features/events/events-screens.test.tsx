import {
  DEFAULT_REFUND_SETTING,
  type EventDetail,
  type EventSummary,
  type Organization,
  SOCIAL_NETWORKS,
  type UserProfile,
} from '@marquee/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CARD_LAYOUT_QUERY } from '../../components/DataTable';
import { STORAGE_KEYS } from '../../lib/storage';
import { currentUrl, fakeApi, profileAnswer, profileFixture, renderApp } from '../../test/render-app';

const PROFILE = 'GET /api/v1/user/get-user-detail';
const LIST = 'GET /api/v1/organizer/panel-organizer-event-list';
const HEADER = 'GET /api/v1/organizer/partially-event-detail';
const DETAIL = 'GET /api/v1/organizer/panel-organizer-event-detail';
const AVAILABILITY = 'GET /api/v1/event/check-event-edit-delete-availability';
const STATUS = 'PUT /api/v1/event/update-event-status';
const ACTION = 'POST /api/v1/organizer/organizer-panel-event-action';

const EVENT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const ORG_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const OCC_ID = '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b';
const TICKET_ID = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';

const ORGANIZER = profileFixture({ role: 'USER', organizerRequest: 'APPROVED' });
const ADMIN = profileFixture();

// 10:00–13:00 UTC is 7:00 PM – 10:00 PM in Tokyo (no daylight saving there), whatever the test's zone.
const STARTS = '2026-03-04T10:00:00.000Z';
const ENDS = '2026-03-04T13:00:00.000Z';

function summary(over: Partial<EventSummary> = {}): EventSummary {
  return {
    _id: EVENT_ID,
    kind: 'SINGLE',
    title: 'Jazz night',
    image: null,
    organization: { _id: ORG_ID, name: 'Blue Note' },
    category: null,
    status: 'PUBLISHED',
    visibility: 'PUBLIC',
    startsAt: STARTS,
    endsAt: ENDS,
    timeZone: 'Asia/Tokyo',
    locationType: 'VENUE',
    venueName: 'Blue Note Tokyo',
    occurrenceCount: 1,
    sold: 3,
    capacity: 120,
    currency: 'JPY',
    myRole: 'OWNER',
    createdAt: '2026-01-05T10:00:00.000Z',
    isBlocked: false,
    isVerified: false,
    isReported: false,
    isArchived: false,
    ...over,
  };
}

function detail(over: Partial<EventDetail> = {}): EventDetail {
  const { occurrenceCount: _o, currency: _c, category: _cat, createdAt: _cr, ...base } = summary();
  return {
    ...base,
    organization: { _id: ORG_ID, name: 'Blue Note', currency: 'JPY' },
    description: 'An evening of jazz.',
    images: [],
    category: null,
    subcategory: null,
    tags: [],
    classType: null,
    location: {
      type: 'VENUE',
      venueName: 'Blue Note Tokyo',
      address: 'Minato, Tokyo',
      latitude: null,
      longitude: null,
      onlineUrl: null,
    },
    occurrences: [
      {
        _id: OCC_ID,
        startsAt: STARTS,
        endsAt: ENDS,
        visibility: 'PUBLIC',
        capacity: 120,
        sold: 3,
        status: 'SCHEDULED',
      },
    ],
    ticketTypes: [
      {
        _id: TICKET_ID,
        pricing: 'PAID',
        name: 'Standing',
        description: '',
        price: 4500,
        quantity: 120,
        saleStartsAt: null,
        saleEndsAt: null,
        minPerOrder: 1,
        maxPerOrder: null,
        sold: 3,
        position: 0,
      },
    ],
    schedule: null,
    team: [],
    cancellation: null,
    publishedAt: '2026-01-06T10:00:00.000Z',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-06T10:00:00.000Z',
    attendeeNames: false,
    slug: null,
    ...over,
  };
}

const ORGANIZATION: Organization = {
  _id: ORG_ID,
  name: 'Blue Note',
  description: '',
  logo: null,
  logoThumbnail: null,
  contactEmail: null,
  contactPhone: null,
  address: null,
  website: null,
  socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, null])) as Organization['socialLinks'],
  currency: 'JPY',
  timeZone: 'Asia/Tokyo',
  owner: { _id: ORG_ID, name: 'Olivia', email: 'olivia@example.com' },
  access: 'OWNER',
  refundSetting: DEFAULT_REFUND_SETTING,
  ticketSetting: { maxTicketsPerOrder: 10, serviceFeePaidBy: 'BUYER', transfersAllowed: true },
  payoutStatus: 'NOT_STARTED',
  activeMemberCount: 0,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });
const page = (items: unknown[]) => ok({ items, total: items.length, page: 1, limit: 10 });
const availability = (over: Record<string, unknown> = {}) =>
  ok({
    canEdit: true,
    editReason: null,
    canDelete: true,
    deleteReason: null,
    canChangeStatus: true,
    statusReason: null,
    canCancel: true,
    cancelReason: null,
    bookings: 0,
    ...over,
  });

function api(profile: UserProfile, extra: Parameters<typeof fakeApi>[0] = {}) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    [PROFILE]: profileAnswer(profile),
    [LIST]: page([summary()]),
    'GET /api/v1/organization/panel-organization-list': page([]),
    'GET /api/v1/admin/category/get-category-list': ok([]),
    [HEADER]: ok(detailHeader()),
    [DETAIL]: ok(detail()),
    [AVAILABILITY]: availability(),
    ...extra,
  });
}

function detailHeader(over: Record<string, unknown> = {}) {
  const d = detail();
  return {
    _id: d._id,
    kind: d.kind,
    title: d.title,
    image: d.image,
    status: d.status,
    visibility: d.visibility,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    timeZone: d.timeZone,
    locationType: d.locationType,
    venueName: d.venueName,
    organization: d.organization,
    myRole: d.myRole,
    isBlocked: false,
    isVerified: false,
    isReported: false,
    isArchived: false,
    ...over,
  };
}

const listCalls = (a: ReturnType<typeof fakeApi>) =>
  a.calls.filter((c) => `${c.method} ${c.path}` === LIST).map((c) => c.query);

describe('event management list', () => {
  it('sends the tab and filters from the URL and follows tab and filter changes', async () => {
    const a = api(ORGANIZER);
    const { router } = renderApp('/event-management?tab=drafts&kind=CLASS&search=jazz', a);
    expect(await screen.findByRole('link', { name: 'Jazz night' })).toBeTruthy();
    expect(listCalls(a)[0]).toMatchObject({ tab: 'DRAFTS', kind: 'CLASS', search: 'jazz', page: '1' });

    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    await waitFor(() => expect(listCalls(a).at(-1)).toMatchObject({ tab: 'PAST', kind: 'CLASS' }));
    expect(currentUrl(router)).toContain('tab=past');

    await userEvent.click(screen.getAllByLabelText('Filter by visibility')[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Private' }));
    await waitFor(() => expect(listCalls(a).at(-1)).toMatchObject({ tab: 'PAST', visibility: 'PRIVATE' }));
    expect(currentUrl(router)).toContain('visibility=PRIVATE');
  });

  it("shows each row's dates in the event's own zone and names the zone", async () => {
    renderApp('/event-management', api(ORGANIZER));
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(await within(table).findByText('Wed, Mar 4, 2026')).toBeTruthy();
    expect(within(table).getByText('7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(table).getByTestId('event-zone').textContent).toBe('Asia/Tokyo (GMT+9)');
    expect(within(table).getByText('3 / 120')).toBeTruthy();
  });

  it('says nothing is selected when a bulk action starts with an empty selection', async () => {
    const a = api(ORGANIZER);
    renderApp('/event-management', a);
    await screen.findByRole('link', { name: 'Jazz night' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You seem to be trying to delete, but no data is selected.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(
      await screen.findByText('You seem to be trying to archive, but no data is selected.'),
    ).toBeTruthy();
    expect(a.calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('archives the selected events after Confirm', async () => {
    const a = api(ORGANIZER, {
      'PUT /api/v1/event/archive-event': ok({ updated: 1 }, 'Events archived'),
    });
    renderApp('/event-management', a);
    await screen.findByRole('link', { name: 'Jazz night' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Events archived')).toBeTruthy();
    const sent = a.calls.find((c) => c.method === 'PUT');
    expect(sent?.body).toEqual({ eventIds: [EVENT_ID], archived: true });
  });

  it('hides block and verify from organizers and offers them to administrators', async () => {
    renderApp('/event-management', api(ORGANIZER));
    await screen.findByRole('link', { name: 'Jazz night' });
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Jazz night' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Block' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Verify' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Single event' }).length).toBeGreaterThan(0);
  });

  it('lets administrators block an event from its row after Confirm', async () => {
    const a = api(ADMIN, {
      [LIST]: page([summary({ myRole: 'ADMIN' })]),
      [ACTION]: ok({ updated: 1, deleted: 0 }, 'Event blocked'),
    });
    renderApp('/event-management', a);
    await screen.findByRole('link', { name: 'Jazz night' });
    expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Single event' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Jazz night' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Event blocked')).toBeTruthy();
    expect(a.calls.find((c) => c.method === 'POST')?.body).toEqual({ eventIds: [EVENT_ID], action: 'BLOCK' });
  });
});

describe('event list for an organization member', () => {
  it("leaves a scanner's event out of the selection and says why", async () => {
    const MEMBER = profileFixture({ role: 'USER', isOrganizationMember: true });
    const OTHER = '6e5d4c3b-2a19-4f8e-9d7c-6b5a4f3e2d1c';
    const a = api(MEMBER, {
      [LIST]: page([
        summary({ myRole: 'SCANNER', title: 'Jazz night' }),
        summary({ _id: OTHER, myRole: 'EVENT_ORGANIZER', title: 'Big band' }),
      ]),
    });
    renderApp('/event-management', a);
    await screen.findByRole('link', { name: 'Big band' });
    const table = screen.getByRole('table', { name: 'Events' });
    const rowOf = (title: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('link', { name: title })) as HTMLElement;
    expect(within(rowOf('Jazz night')).getByText('Scanner')).toBeTruthy();
    expect(within(rowOf('Big band')).getByText('Event organizer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Single event' })).toBeNull();

    const scannerBox = within(rowOf('Jazz night')).getByRole('checkbox', { name: 'Select row' });
    await userEvent.click(scannerBox);
    expect(
      await screen.findByText(
        'You scan tickets for "Jazz night": only its organizers can archive or delete it.',
      ),
    ).toBeTruthy();
    expect((scannerBox as HTMLInputElement).checked).toBe(false);

    await userEvent.click(within(rowOf('Big band')).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('dialog', { name: 'Archive event' })).toBeTruthy();
  });
});

describe('event list empty states', () => {
  it('says the tab is empty when only the tab is chosen, and blames filters only when there are some', async () => {
    const a = api(ORGANIZER, { [LIST]: page([]) });
    const { router } = renderApp('/event-management?tab=archived', a);
    expect(await screen.findByText('No archived events.')).toBeTruthy();
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
    await router.navigate('/event-management?tab=archived&kind=CLASS');
    expect(await screen.findByText(/Nothing matches these filters/)).toBeTruthy();
  });

  it('keeps each date and the zone offset whole when a narrow column wraps', async () => {
    const a = api(ORGANIZER, {
      [LIST]: page([summary({ endsAt: '2026-03-06T13:00:00.000Z', kind: 'MULTI' })]),
    });
    renderApp('/event-management', a);
    const zone = await screen.findByTestId('event-zone');
    const unbroken = (root: HTMLElement) =>
      [...root.querySelectorAll('span')]
        .filter((el) => el.style.whiteSpace === 'nowrap')
        .map((el) => el.textContent);
    expect(unbroken(zone)).toEqual(['Asia/Tokyo', '(GMT+9)']);
    const dates = screen.getByText(
      (_, el) => el?.tagName === 'P' && el.textContent === 'Mar 4, 2026 – Mar 6, 2026',
    );
    expect(unbroken(dates)).toEqual(['Mar 4, 2026 –', 'Mar 6, 2026']);
  });
});

describe('event management on a phone', () => {
  it('shows cards with their menu, filters on demand and one create menu', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === CARD_LAYOUT_QUERY,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderApp('/event-management?kind=SINGLE', api(ORGANIZER));
      const card = await screen.findByTestId('data-card');
      expect(within(card).getByTestId('event-zone').textContent).toBe('Asia/Tokyo (GMT+9)');
      expect(within(card).getByRole('button', { name: 'Actions for Jazz night' })).toBeTruthy();
      expect(screen.queryAllByLabelText('Filter by kind')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
      expect(screen.getAllByLabelText('Filter by kind').length).toBeGreaterThan(0);
      await userEvent.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByRole('menuitem', { name: 'Class' })).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('organization events', () => {
  it('fixes the list to the organization and leaves out the organization filter', async () => {
    const a = api(ORGANIZER, { 'GET /api/v1/organization/get-organization-detail': ok(ORGANIZATION) });
    renderApp(`/event-management/organizations/${ORG_ID}?tab=archived`, a);
    expect(await screen.findByRole('heading', { name: 'Events of Blue Note' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Jazz night' });
    expect(listCalls(a)[0]).toMatchObject({ tab: 'ARCHIVED', organizationId: ORG_ID });
    expect(screen.queryAllByLabelText('Filter by organization')).toHaveLength(0);
    // The archived tab brings events back rather than archiving them again.
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeTruthy();
  });
});

describe('organization events of an unknown organization', () => {
  it('shows the not-found page rather than an empty list', async () => {
    const a = api(ORGANIZER, {
      'GET /api/v1/organization/get-organization-detail': {
        status: 404,
        body: { message: 'The organization was not found' },
      },
    });
    renderApp(`/event-management/organizations/${ORG_ID}`, a);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('event details', () => {
  it("shows the header, dates and prices in the event's zone and currency", async () => {
    renderApp(`/event-management/${EVENT_ID}`, api(ORGANIZER));
    expect(await screen.findByRole('heading', { name: 'Jazz night', level: 1 })).toBeTruthy();
    const when = await screen.findByTestId('event-when');
    expect(within(when).getByText('Wed, Mar 4, 2026')).toBeTruthy();
    expect(within(when).getByText('7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(when).getByText(/Times in Asia\/Tokyo \(GMT\+9\)/)).toBeTruthy();
    const occurrence = await screen.findByTestId('occurrence');
    expect(within(occurrence).getByText('7:00 PM – 10:00 PM')).toBeTruthy();
    expect(within(occurrence).getByText('3 of 120 sold')).toBeTruthy();
    expect(screen.getByTestId('ticket-price').textContent).toMatch(/4,500/);
  });

  it('asks before switching to private, and says the status cannot change when the server refuses', async () => {
    const a = api(ORGANIZER, {
      [STATUS]: { status: 409, body: { message: 'The event is blocked.' } },
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    const toggle = await screen.findByRole('switch', { name: 'Public' });
    await userEvent.click(toggle);
    let dialog = await screen.findByRole('dialog', { name: 'Make event private' });
    expect(within(dialog).getByText('Make "Jazz night" and its date private?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(a.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect((toggle as HTMLInputElement).checked).toBe(true);

    await userEvent.click(toggle);
    dialog = await screen.findByRole('dialog', { name: 'Make event private' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText("Event status can't be changed.")).toBeTruthy();
    expect(a.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      eventId: EVENT_ID,
      visibility: 'PRIVATE',
    });
  });

  it('tells why an event cannot be edited instead of opening the form', async () => {
    const a = api(ORGANIZER, {
      [AVAILABILITY]: availability({ canEdit: false, editReason: "This event can't be edited" }),
    });
    const { router } = renderApp(`/event-management/${EVENT_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText("This event can't be edited")).toBeTruthy();
    expect(currentUrl(router)).toBe(`/event-management/${EVENT_ID}`);
  });

  it('hides block and verify from organizers on the details page', async () => {
    renderApp(`/event-management/${EVENT_ID}`, api(ORGANIZER));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Cancel event' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Block' })).toBeNull();
  });

  it('asks the server before deleting and says why it cannot', async () => {
    const a = api(ORGANIZER, {
      [AVAILABILITY]: availability({ canDelete: false, deleteReason: "This event can't be deleted" }),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText("This event can't be deleted")).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(a.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('reports an event with a chosen reason after Confirm', async () => {
    const REASON = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182';
    const a = api(ORGANIZER, {
      'GET /api/v1/common/get-reason-list': (call) =>
        ok(
          call.query.kind === 'EVENT_REPORT'
            ? [{ _id: REASON, kind: 'EVENT_REPORT', text: 'Misleading', order: 1 }]
            : [],
        ),
      [ACTION]: ok({ updated: 1, deleted: 0 }, 'Event reported'),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByLabelText(/Reason/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Misleading' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Event reported')).toBeTruthy();
    expect(a.calls.find((c) => c.method === 'POST')?.body).toEqual({
      eventIds: [EVENT_ID],
      action: 'REPORT',
      reasonId: REASON,
    });
  });

  it('assigns active members as organizers and scanners', async () => {
    const MEMBER = '4d5e6f70-8192-4a3b-8c4d-5e6f70819203';
    const a = api(ORGANIZER, {
      'GET /api/v1/organization/organization-user-list': (call) => {
        expect(call.query).toMatchObject({ organizationId: ORG_ID, status: 'ACTIVE' });
        return page([
          {
            _id: MEMBER,
            organizationId: ORG_ID,
            organizationName: 'Blue Note',
            userId: null,
            email: 'hana@example.com',
            firstName: 'Hana',
            lastName: 'Sato',
            status: 'ACTIVE',
            invitedAt: null,
            invitationExpiresAt: null,
            acceptedAt: null,
            createdAt: '2026-01-05T10:00:00.000Z',
          },
        ]);
      },
      'PUT /api/v1/event/update-organizer-and-scanners': ok([], 'Team saved'),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign team' });
    await userEvent.click(within(dialog).getAllByLabelText(/Ticket scanners/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Hana Sato (hana@example.com)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save team' }));
    expect(await screen.findByText('Team saved')).toBeTruthy();
    expect(a.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      eventId: EVENT_ID,
      organizers: [],
      scanners: [MEMBER],
    });
  });

  it('shows scanners only the header, without asking for the full detail', async () => {
    const a = api(ORGANIZER, { [HEADER]: ok(detailHeader({ myRole: 'SCANNER' })) });
    renderApp(`/event-management/${EVENT_ID}`, a);
    const open = await screen.findByRole('link', { name: 'Open check-in' });
    expect(open.getAttribute('href')).toBe(`/orders/events/${EVENT_ID}/check-in`);
    expect(screen.queryByText(/arrives with/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(a.calls.some((c) => `${c.method} ${c.path}` === DETAIL)).toBe(false);
  });

  it('says up front that a blocked event is locked, in words for organizers and administrators', async () => {
    const blocked = { isBlocked: true };
    const a = api(ORGANIZER, {
      [HEADER]: ok(detailHeader(blocked)),
      [DETAIL]: ok(detail(blocked)),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    const notice = await screen.findByTestId('blocked');
    expect(within(notice).getByText('Blocked by the platform')).toBeTruthy();
    expect(within(notice).getByText(/can no longer be edited or change status/)).toBeTruthy();
  });

  it("tells when an event was cancelled on the event's clock, naming the zone", async () => {
    const cancelled = {
      status: 'CANCELLED' as const,
      cancellation: {
        reason: 'Weather or safety',
        note: 'Flooded park.',
        cancelledAt: '2026-03-01T03:30:00.000Z',
      },
    };
    const a = api(ORGANIZER, {
      [HEADER]: ok(detailHeader({ status: 'CANCELLED' })),
      [DETAIL]: ok(detail(cancelled)),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    const alert = await screen.findByTestId('cancellation');
    expect(within(alert).getByText('Reason: Weather or safety')).toBeTruthy();
    expect(
      within(alert).getByText('Cancelled Sun, Mar 1, 2026 at 12:30 PM, Asia/Tokyo (GMT+9)'),
    ).toBeTruthy();
  });

  it('a cancelled event offers to refund its orders', async () => {
    const a = api(ORGANIZER, {
      [HEADER]: ok(detailHeader({ status: 'CANCELLED' })),
      [DETAIL]: ok(detail({ status: 'CANCELLED' })),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    const refund = await screen.findByRole('link', { name: 'Refund orders' });
    expect(refund.getAttribute('href')).toBe(`/orders/events/${EVENT_ID}/refund`);
  });

  it('cancelling an event leads to refunding its orders', async () => {
    const REASON = '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607182';
    const a = api(ORGANIZER, {
      'GET /api/v1/common/get-reason-list': (call) =>
        ok(
          call.query.kind === 'EVENT_CANCEL'
            ? [{ _id: REASON, kind: 'EVENT_CANCEL', text: 'Weather or safety', order: 1 }]
            : [],
        ),
      'POST /api/v1/event/cancel-event': ok(detailHeader({ status: 'CANCELLED' }), 'Event cancelled'),
    });
    const { router } = renderApp(`/event-management/${EVENT_ID}`, a);
    expect(screen.queryByRole('link', { name: 'Refund orders' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel event' });
    await userEvent.click(within(dialog).getAllByLabelText(/Reason/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Weather or safety' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/orders/events/${EVENT_ID}/refund`));
  });

  it('names no zone for a draft without dates', async () => {
    const draft = { status: 'DRAFT' as const, startsAt: null, endsAt: null };
    const a = api(ORGANIZER, {
      [HEADER]: ok(detailHeader(draft)),
      [DETAIL]: ok(detail({ ...draft, occurrences: [], ticketTypes: [] })),
    });
    renderApp(`/event-management/${EVENT_ID}`, a);
    expect(await screen.findByText('No dates yet.')).toBeTruthy();
    expect(screen.getByText('No ticket types yet.')).toBeTruthy();
    expect(screen.queryByText(/Times in/)).toBeNull();
  });

  it('opens the team dialog on the organizers field without covering the scanners field', async () => {
    const a = api(ORGANIZER, { 'GET /api/v1/organization/organization-user-list': page([]) });
    renderApp(`/event-management/${EVENT_ID}`, a);
    await userEvent.click(await screen.findByRole('button', { name: 'Assign team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign team' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getAllByLabelText(/Event organizers/)[0]),
    );
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows a course's sales once, for the course, not as nothing sold per session", async () => {
    const course = detail({
      kind: 'CLASS',
      sold: 3,
      capacity: 12,
      classType: { _id: TICKET_ID, name: 'Course', bookingMode: 'COURSE' },
    });
    const a = api(ORGANIZER, {
      [HEADER]: ok(detailHeader({ kind: 'CLASS' })),
      [DETAIL]: ok({
        ...course,
        occurrences: [0, 7].map((days) => ({
          ...course.occurrences[0],
          _id: `${OCC_ID.slice(0, -1)}${days}`,
          startsAt: new Date(Date.parse(STARTS) + days * 86_400_000).toISOString(),
          endsAt: new Date(Date.parse(ENDS) + days * 86_400_000).toISOString(),
          sold: 0,
        })),
      }),
    });
    renderApp(`/event-management/classes/${EVENT_ID}`, a);
    expect((await screen.findByTestId('course-note')).textContent).toBe(
      'One course ticket covers all 2 sessions: 3 sold of 12.',
    );
    for (const session of screen.getAllByTestId('occurrence')) {
      expect(within(session).queryByText(/sold/)).toBeNull();
    }
  });

  it('highlights the session named by classId on a class', async () => {
    const header = detailHeader({ kind: 'CLASS' });
    const a = api(ORGANIZER, { [HEADER]: ok(header), [DETAIL]: ok(detail({ kind: 'CLASS' })) });
    renderApp(`/event-management/classes/${EVENT_ID}?classId=${OCC_ID}`, a);
    const session = await screen.findByTestId('occurrence');
    expect(session.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeTruthy();
  });
});
