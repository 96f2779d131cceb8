import type { DropDownValues, EventDetail } from '@marquee/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import {
  currentUrl,
  fakeApi,
  profileAnswer,
  profileFixture,
  type RecordedCall,
  renderApp,
} from '../../test/render-app';

const E = '/api/v1/event';
const O = '/api/v1/organizer';
const ORG = '11111111-1111-4111-8111-111111111111';
const ORG2 = '11111111-1111-4111-8111-222222222222';
const CAT = '22222222-2222-4222-8222-222222222222';
const CLASS_TYPE = '33333333-3333-4333-8333-333333333333';
const EVENT = '44444444-4444-4444-8444-444444444444';
const OCC = ['55555555-5555-4555-8555-555555555551', '55555555-5555-4555-8555-555555555552'];
const TICKETS = ['66666666-6666-4666-8666-666666666661', '66666666-6666-4666-8666-666666666662'];

const organization = (_id: string, name: string) => ({
  _id,
  name,
  currency: 'USD',
  maxTicketsPerOrder: 10,
  serviceFeePaidBy: 'BUYER' as const,
  timeZone: 'Europe/Lisbon',
  members: [],
});

function dropDowns(overrides: Partial<DropDownValues> = {}): DropDownValues {
  return {
    organizations: [organization(ORG, 'Harbour Arts')],
    categories: [{ _id: CAT, name: 'Music', subcategories: [] }],
    tags: [],
    classTypes: [{ _id: CLASS_TYPE, name: 'Weekly course', bookingMode: 'COURSE' }],
    ticketTypes: [],
    imageLimit: 1,
    ...overrides,
  };
}

const ticket = (i: number, name: string, price: number) => ({
  _id: TICKETS[i] as string,
  pricing: 'PAID' as const,
  name,
  description: '',
  price,
  quantity: 100,
  saleStartsAt: null,
  saleEndsAt: null,
  minPerOrder: 1,
  maxPerOrder: null,
  sold: 0,
  position: i,
});

function draft(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    _id: EVENT,
    kind: 'SINGLE',
    title: 'Harbour Jazz Night',
    image: null,
    status: 'DRAFT',
    visibility: 'PUBLIC',
    startsAt: null,
    endsAt: null,
    timeZone: 'Europe/Lisbon',
    locationType: 'VENUE',
    venueName: 'Pier 4',
    organization: { _id: ORG, name: 'Harbour Arts', currency: 'USD' },
    myRole: 'OWNER',
    isBlocked: false,
    isVerified: false,
    isReported: false,
    isArchived: false,
    description: 'An evening of jazz on the pier.',
    images: [],
    category: { _id: CAT, name: 'Music' },
    subcategory: null,
    tags: [],
    classType: null,
    location: {
      type: 'VENUE',
      venueName: 'Pier 4',
      address: 'Harbour Road 1, Lisbon',
      latitude: null,
      longitude: null,
      onlineUrl: null,
    },
    occurrences: [
      {
        _id: OCC[0] as string,
        startsAt: '2027-06-05T18:00:00.000Z',
        endsAt: '2027-06-05T21:00:00.000Z',
        visibility: 'PUBLIC',
        capacity: null,
        sold: 0,
        status: 'SCHEDULED',
      },
    ],
    ticketTypes: [ticket(0, 'General', 2500), ticket(1, 'VIP', 9000)],
    schedule: null,
    team: [],
    cancellation: null,
    publishedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    sold: 0,
    capacity: null,
    attendeeNames: false,
    slug: null,
    ...overrides,
  };
}

const ok = (result: unknown, message = 'ok') => ({ status: 200, body: { message, result } });

function organizerApi(extra: Parameters<typeof fakeApi>[0] = {}, options = dropDowns()) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-abc');
  return fakeApi({
    'GET /api/v1/user/get-user-detail': profileAnswer(
      profileFixture({ role: 'USER', organizerRequest: 'APPROVED' }),
    ),
    [`GET ${E}/event-drop-down-values`]: ok(options),
    [`GET ${E}/check-event-title-duplicacy`]: ok({ duplicate: false, existing: null }),
    [`POST ${E}/calculate-service-fee`]: (call) => {
      const body = call.body as { items: { key: string; pricing: string; price: number }[] };
      return ok({
        currency: 'USD',
        paidBy: 'BUYER',
        waived: false,
        percentBasisPoints: 500,
        fixed: 50,
        items: body.items.map((i) => {
          const fee = i.price === 0 ? 0 : Math.round(i.price * 0.05) + 50;
          return { ...i, serviceFee: fee, buyerPays: i.price + fee, organizerReceives: i.price };
        }),
      });
    },
    ...extra,
  });
}

/**
 * save-as-draft and the read of what it stored, as the server answers them: once a new draft's id is in
 * the address (`?draft=`), the form page reads that draft (EventFormPage), and an id the server never
 * stored is a 404, which the page shows as "Page not found".
 */
function draftStore(stored: (body: { title: string }) => EventDetail) {
  let saved: EventDetail | null = null;
  return {
    [`POST ${E}/save-as-draft`]: (call: RecordedCall) => {
      saved = stored(call.body as { title: string });
      return ok(saved, 'Draft saved.');
    },
    [`GET ${O}/panel-organizer-event-detail`]: (call: RecordedCall) =>
      saved && call.query.eventId === saved._id ? ok(saved) : { status: 404, body: { message: 'Not found' } },
  };
}

async function goToStep(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

describe('event form', () => {
  it('warns while typing a title another event of the organization already has', async () => {
    // The fake server records paths only; the checked titles are read from the URLs on the way.
    const titles: string[] = [];
    const base = organizerApi({
      [`GET ${E}/check-event-title-duplicacy`]: () =>
        ok({ duplicate: titles.at(-1)?.toLowerCase() === 'summer gala', existing: null }),
    });
    const api = {
      ...base,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://console.test');
        if (url.pathname.endsWith('/check-event-title-duplicacy'))
          titles.push(url.searchParams.get('title') ?? '');
        return base.fetch(input, init);
      }) as typeof fetch,
    };
    renderApp('/event-management/new', api);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await userEvent.type(title, 'Summer Gala');
    expect(
      await screen.findByText('Another event of this organization already has this title.'),
    ).toBeTruthy();
    // Debounced: checked once typing paused, not once per key.
    expect(titles.at(-1)).toBe('Summer Gala');
    expect(titles.length).toBeLessThan('Summer Gala'.length);

    // Typing on hides the warning until the new title is checked (and is free).
    await userEvent.type(title, ' 2027');
    await waitFor(() =>
      expect(screen.queryByText('Another event of this organization already has this title.')).toBeNull(),
    );
  });

  it('refuses a start in the past and an end before the start with the spec’s messages, on their fields', async () => {
    const past = draft({
      kind: 'MULTI',
      occurrences: [
        {
          ...draft().occurrences[0],
          _id: OCC[0] as string,
          startsAt: '2020-01-10T18:00:00.000Z',
          endsAt: '2020-01-10T20:00:00.000Z',
        } as EventDetail['occurrences'][number],
        {
          ...draft().occurrences[0],
          _id: OCC[1] as string,
          startsAt: '2027-06-05T18:00:00.000Z',
          endsAt: '2027-06-05T17:00:00.000Z',
        } as EventDetail['occurrences'][number],
      ],
    });
    const api = organizerApi({ [`GET ${O}/panel-organizer-event-detail`]: ok(past) });
    renderApp(`/event-management/new?kind=MULTI&draft=${EVENT}`, api);
    await screen.findByRole('form', { name: 'Event' });
    await goToStep('Review');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));

    // The Date and place step is opened, each message under its field.
    const dates = await screen.findAllByRole('group', { name: /^Date \d/ });
    expect(within(dates[0] as HTMLElement).getByText('Please re-select event start time.')).toBeTruthy();
    expect(within(dates[1] as HTMLElement).getByText('Please re-select event end time.')).toBeTruthy();
    expect(within(dates[0] as HTMLElement).queryByText('Please re-select event end time.')).toBeNull();
    // Nothing was sent.
    expect(api.calls.some((c) => c.method !== 'GET' && !c.path.endsWith('calculate-service-fee'))).toBe(
      false,
    );
  });

  it('puts a server refusal on the ticket row it names, with the Tickets step opened and nothing lost', async () => {
    const api = organizerApi({
      [`GET ${O}/panel-organizer-event-detail`]: ok(draft()),
      [`POST ${E}/save-as-draft`]: {
        status: 400,
        body: {
          message: 'The price is too high',
          errors: [{ field: 'ticketTypes.1.price', message: 'The price is too high' }],
        },
      },
    });
    renderApp(`/event-management/new?draft=${EVENT}`, api);
    await screen.findByRole('form', { name: 'Event' });
    await goToStep('Review');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));

    const rows = await screen.findAllByTestId('ticket-row');
    await waitFor(() =>
      expect(within(rows[1] as HTMLElement).getByText('The price is too high')).toBeTruthy(),
    );
    expect(within(rows[0] as HTMLElement).queryByText('The price is too high')).toBeNull();
    const vipPrice = within(rows[1] as HTMLElement).getByRole('textbox', {
      name: /Price/,
    }) as HTMLInputElement;
    expect(vipPrice.value).toBe('90.00');
    expect(vipPrice.getAttribute('aria-invalid')).toBe('true');
    // The draft was sent as it stands: minor units, both rows.
    const sent = api.calls.find((c) => c.path === `${E}/save-as-draft`)?.body as {
      ticketTypes: { price: number }[];
    };
    expect(sent.ticketTypes.map((t) => t.price)).toEqual([2500, 9000]);
  });

  it('shows the live service fee per ticket row', async () => {
    renderApp(
      `/event-management/new?draft=${EVENT}`,
      organizerApi({ [`GET ${O}/panel-organizer-event-detail`]: ok(draft()) }),
    );
    await goToStep('Tickets');
    const rows = await screen.findAllByTestId('ticket-row');
    // $90.00 + 5 % + $0.50 = $95.00 for the buyer.
    await waitFor(() => expect(within(rows[1] as HTMLElement).getByText('$95.00')).toBeTruthy());
    expect(within(rows[1] as HTMLElement).getByText('$5.00')).toBeTruthy();
  });

  it('asks for the organization before saving a draft', async () => {
    const api = organizerApi(
      {},
      dropDowns({ organizations: [organization(ORG, 'Harbour Arts'), organization(ORG2, 'Hill Club')] }),
    );
    renderApp('/event-management/new', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Autumn Fair');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Please select organization')).toBeTruthy();
    expect(api.calls.some((c) => c.path === `${E}/save-as-draft`)).toBe(false);
  });

  it('saves a draft with just the organization and title, then moves to its resume address', async () => {
    const api = organizerApi(
      draftStore((body) =>
        draft({ title: body.title, occurrences: [], ticketTypes: [], location: null, timeZone: null }),
      ),
    );
    const { router } = renderApp('/event-management/new', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Autumn Fair');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/new?draft=${EVENT}`));
    const sent = api.calls.find((c) => c.path === `${E}/save-as-draft`)?.body;
    expect(sent).toMatchObject({
      kind: 'SINGLE',
      organizationId: ORG,
      title: 'Autumn Fair',
      occurrences: [],
      ticketTypes: [],
    });
    expect(sent).not.toHaveProperty('eventId');
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    // The page has moved to the draft (its header names it), still the same form, with what was typed.
    expect(await screen.findByRole('heading', { name: 'Draft: Autumn Fair' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Autumn Fair');

    // A second save goes over the same draft, and the form stays.
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${E}/save-as-draft`)).toHaveLength(2));
    expect(api.calls.filter((c) => c.path === `${E}/save-as-draft`)[1]?.body).toMatchObject({
      eventId: EVENT,
    });
    expect(screen.getByRole('heading', { name: 'Draft: Autumn Fair' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Autumn Fair');
  });

  it('keeps the form and what was typed when the re-read of the draft it just saved fails', async () => {
    const api = organizerApi({
      [`POST ${E}/save-as-draft`]: (call: RecordedCall) =>
        ok(
          draft({
            title: (call.body as { title: string }).title,
            occurrences: [],
            ticketTypes: [],
            location: null,
            timeZone: null,
          }),
          'Draft saved.',
        ),
      [`GET ${O}/panel-organizer-event-detail`]: () => ({
        status: 503,
        body: { message: 'The server is busy. Please try again in a moment.' },
      }),
    });
    const { router } = renderApp('/event-management/new', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Autumn Fair');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/new?draft=${EVENT}`));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === `${O}/panel-organizer-event-detail`)).toBe(true),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), ' 2027');
    expect(screen.getByRole('heading', { name: 'Draft: Autumn Fair' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe(
      'Autumn Fair 2027',
    );
    expect(screen.queryByText(/Page not found/)).toBeNull();
  });

  it('leaves a begun but incomplete ticket out of a draft, says so, and keeps it on screen', async () => {
    const api = organizerApi(
      draftStore((body) =>
        draft({ title: body.title, occurrences: [], ticketTypes: [], location: null, timeZone: null }),
      ),
    );
    renderApp('/event-management/new', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Autumn Fair');
    await goToStep('Tickets');
    const row = (await screen.findAllByTestId('ticket-row'))[0] as HTMLElement;
    await userEvent.type(within(row).getByRole('textbox', { name: /^Name/ }), 'Early bird');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('Not in the draft yet, as not complete: ticket 1.')).toBeTruthy();
    const sent = api.calls.find((c) => c.path === `${E}/save-as-draft`)?.body as { ticketTypes: unknown[] };
    expect(sent.ticketTypes).toEqual([]);
    // On the draft's page now, the row is still on screen with what was typed.
    await screen.findByRole('heading', { name: 'Draft: Autumn Fair' });
    const shown = (await screen.findAllByTestId('ticket-row'))[0] as HTMLElement;
    expect((within(shown).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Early bird',
    );
  });

  it('saves a published event with update-single-event and goes to its details with the server’s message', async () => {
    // The stored setting survives an edit that does not touch it.
    const published = draft({
      status: 'PUBLISHED',
      publishedAt: '2026-11-02T10:00:00.000Z',
      attendeeNames: true,
    });
    const api = organizerApi({
      [`GET ${O}/panel-organizer-event-detail`]: ok(published),
      [`GET ${E}/check-event-edit-delete-availability`]: ok({
        canEdit: true,
        editReason: null,
        canDelete: true,
        deleteReason: null,
        canChangeStatus: true,
        statusReason: null,
        canCancel: true,
        cancelReason: null,
        bookings: 0,
      }),
      [`PUT ${E}/update-single-event`]: ok(published, 'Event "Harbour Jazz Night" saved.'),
    });
    const { router } = renderApp(`/event-management/${EVENT}/edit`, api);
    await screen.findByRole('form', { name: 'Event' });
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    await goToStep('Review');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/${EVENT}`));
    expect(await screen.findByText('Event "Harbour Jazz Night" saved.')).toBeTruthy();
    const sent = api.calls.find((c) => c.path === `${E}/update-single-event`)?.body;
    expect(sent).toMatchObject({
      eventId: EVENT,
      attendeeNames: true,
      occurrences: [{ _id: OCC[0], startsAt: '2027-06-05T18:00:00.000Z' }],
      ticketTypes: [
        { _id: TICKETS[0], price: 2500 },
        { _id: TICKETS[1], price: 9000 },
      ],
    });
  });

  it('saves a published event from any step, not only from Review', async () => {
    const published = draft({ status: 'PUBLISHED', publishedAt: '2026-11-02T10:00:00.000Z' });
    const api = organizerApi({
      [`GET ${O}/panel-organizer-event-detail`]: ok(published),
      [`GET ${E}/check-event-edit-delete-availability`]: ok({
        canEdit: true,
        editReason: null,
        canDelete: true,
        deleteReason: null,
        canChangeStatus: true,
        statusReason: null,
        canCancel: true,
        cancelReason: null,
        bookings: 0,
      }),
      [`PUT ${E}/update-single-event`]: ok(published, 'Event "Harbour Jazz Night" saved.'),
    });
    const { router } = renderApp(`/event-management/${EVENT}/edit`, api);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await userEvent.type(title, ' (late show)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/${EVENT}`));
    expect(api.calls.find((c) => c.path === `${E}/update-single-event`)?.body).toMatchObject({
      title: 'Harbour Jazz Night (late show)',
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderApp('/event-management/new', organizerApi());
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Winter Market');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Events' }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(currentUrl(router)).toBe('/event-management/new');
  });

  it('says why a published event cannot be edited instead of showing the form', async () => {
    const api = organizerApi({
      [`GET ${O}/panel-organizer-event-detail`]: ok(draft({ status: 'CANCELLED' })),
      [`GET ${E}/check-event-edit-delete-availability`]: ok({
        canEdit: false,
        editReason: "This event can't be edited",
        canDelete: false,
        deleteReason: null,
        canChangeStatus: false,
        statusReason: null,
        canCancel: false,
        cancelReason: null,
        bookings: 0,
      }),
    });
    renderApp(`/event-management/${EVENT}/edit`, api);
    expect(await screen.findByText("This event can't be edited")).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Event' })).toBeNull();
  });
});

describe('event team', () => {
  const MIA = '77777777-7777-4777-8777-777777777771';
  const NOAH = '77777777-7777-4777-8777-777777777772';
  const withMembers = dropDowns({
    organizations: [
      {
        ...organization(ORG, 'Harbour Arts'),
        members: [
          { _id: MIA, name: 'Mia Member', email: 'mia@example.com' },
          { _id: NOAH, name: 'Noah North', email: 'noah@example.com' },
        ],
      },
    ],
  });
  const availability = ok({
    canEdit: true,
    editReason: null,
    canDelete: true,
    deleteReason: null,
    canChangeStatus: true,
    statusReason: null,
    canCancel: true,
    cancelReason: null,
    bookings: 0,
  });
  const teamMember = (_id: string, name: string, role: 'EVENT_ORGANIZER' | 'SCANNER') => ({
    _id,
    userId: null,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    memberStatus: 'ACTIVE' as const,
    role,
  });

  async function choose(label: RegExp, option: string) {
    await userEvent.click(screen.getAllByLabelText(label)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: option }));
    await userEvent.keyboard('{Escape}');
  }

  it('publishes a draft, then saves its team with the event id; a member is organizer or scanner, not both', async () => {
    const api = organizerApi(
      {
        [`GET ${O}/panel-organizer-event-detail`]: ok(draft()),
        [`POST ${E}/save-as-draft`]: ok(draft(), 'Draft saved.'),
        [`POST ${E}/remove-from-draft`]: ok(draft({ status: 'PUBLISHED' }), 'Event published.'),
        [`PUT ${E}/update-organizer-and-scanners`]: ok([], 'Event team saved.'),
      },
      withMembers,
    );
    const { router } = renderApp(`/event-management/new?draft=${EVENT}`, api);
    await goToStep('Team');
    await choose(/^Event organizers/, 'Mia Member (mia@example.com)');
    // Mia organizes: she is not offered as a scanner.
    await userEvent.click(screen.getAllByLabelText(/^Ticket scanners/)[0] as HTMLElement);
    expect(await screen.findByRole('option', { name: 'Noah North (noah@example.com)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Mia Member (mia@example.com)' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Noah North (noah@example.com)' }));
    await userEvent.keyboard('{Escape}');

    await goToStep('Review');
    expect(screen.getByText('Mia Member: event organizer')).toBeTruthy();
    expect(screen.getByText('Noah North: ticket scanner')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/${EVENT}`));
    const paths = api.calls.filter((c) => c.method !== 'GET').map((c) => c.path);
    expect(paths).toEqual([
      `${E}/save-as-draft`,
      `${E}/remove-from-draft`,
      `${E}/update-organizer-and-scanners`,
    ]);
    expect(api.calls.find((c) => c.path === `${E}/update-organizer-and-scanners`)?.body).toEqual({
      eventId: EVENT,
      organizers: [MIA],
      scanners: [NOAH],
    });
    expect(await screen.findByText('Event published.')).toBeTruthy();
  });

  it('saves the team with a new draft once the draft has its id, and not again when unchanged', async () => {
    const api = organizerApi(
      {
        [`POST ${E}/save-as-draft`]: ok(
          draft({ title: 'Autumn Fair', occurrences: [], ticketTypes: [], location: null, timeZone: null }),
          'Draft saved.',
        ),
        // The form reads its draft back once it has an id, as it does from the server.
        [`GET ${O}/panel-organizer-event-detail`]: ok(
          draft({
            title: 'Autumn Fair',
            occurrences: [],
            ticketTypes: [],
            location: null,
            timeZone: null,
            team: [teamMember(NOAH, 'Noah North', 'SCANNER')],
          }),
        ),
        [`PUT ${E}/update-organizer-and-scanners`]: ok(
          [teamMember(NOAH, 'Noah North', 'SCANNER')],
          'Event team saved.',
        ),
      },
      withMembers,
    );
    const { router } = renderApp('/event-management/new', api);
    await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), 'Autumn Fair');
    await goToStep('Team');
    await choose(/^Ticket scanners/, 'Noah North (noah@example.com)');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/new?draft=${EVENT}`));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === `${E}/update-organizer-and-scanners`)?.body).toEqual({
        eventId: EVENT,
        organizers: [],
        scanners: [NOAH],
      }),
    );
    // The event's message is the one shown; the team's is not said twice.
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    expect(screen.queryByText('Event team saved.')).toBeNull();

    // The form re-renders on its draft URL: click the button it shows now, once it is ready again.
    const again = await screen.findByRole('button', { name: 'Save as draft' });
    await waitFor(() => expect(again.hasAttribute('disabled')).toBe(false));
    await userEvent.click(again);
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${E}/save-as-draft`)).toHaveLength(2), {
      timeout: 5000,
    });
    expect(api.calls.filter((c) => c.path === `${E}/update-organizer-and-scanners`)).toHaveLength(1);
  });

  it('prefills the team when editing, and says the event is saved when the team is refused', async () => {
    const published = draft({
      status: 'PUBLISHED',
      publishedAt: '2026-11-02T10:00:00.000Z',
      team: [teamMember(MIA, 'Mia Member', 'SCANNER')],
    });
    const refusal = 'Only active members of the organization can be given a role: Noah North.';
    const api = organizerApi(
      {
        [`GET ${O}/panel-organizer-event-detail`]: ok(published),
        [`GET ${E}/check-event-edit-delete-availability`]: availability,
        [`PUT ${E}/update-single-event`]: ok(published, 'Event "Harbour Jazz Night" saved.'),
        [`PUT ${E}/update-organizer-and-scanners`]: {
          status: 400,
          body: { message: refusal, errors: [{ field: 'organizers', message: refusal }] },
        },
      },
      withMembers,
    );
    const { router } = renderApp(`/event-management/${EVENT}/edit`, api);
    await screen.findByRole('form', { name: 'Event' });
    await goToStep('Team');
    // Mia scans already: she is shown in her role.
    expect((await screen.findAllByText('Mia Member (mia@example.com)')).length).toBeGreaterThan(0);
    await choose(/^Event organizers/, 'Noah North (noah@example.com)');
    await goToStep('Review');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    // The event is saved and its page shown; the toast says the team is not.
    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/${EVENT}`));
    expect(await screen.findByText(`The event is saved, but not its team: ${refusal}`)).toBeTruthy();
    expect(api.calls.find((c) => c.path === `${E}/update-organizer-and-scanners`)?.body).toEqual({
      eventId: EVENT,
      organizers: [NOAH],
      scanners: [MIA],
    });
  });

  it('leaves an unchanged team alone when saving', async () => {
    const published = draft({
      status: 'PUBLISHED',
      publishedAt: '2026-11-02T10:00:00.000Z',
      team: [teamMember(MIA, 'Mia Member', 'EVENT_ORGANIZER')],
    });
    const api = organizerApi(
      {
        [`GET ${O}/panel-organizer-event-detail`]: ok(published),
        [`GET ${E}/check-event-edit-delete-availability`]: availability,
        [`PUT ${E}/update-single-event`]: ok(published, 'Event "Harbour Jazz Night" saved.'),
      },
      withMembers,
    );
    const { router } = renderApp(`/event-management/${EVENT}/edit`, api);
    await screen.findByRole('form', { name: 'Event' });
    await goToStep('Review');
    expect(screen.getByText('Mia Member: event organizer')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/event-management/${EVENT}`));
    expect(api.calls.some((c) => c.path === `${E}/update-organizer-and-scanners`)).toBe(false);
  });

  it("says the organization's owner assigns the team when the caller does not manage it", async () => {
    const published = draft({ status: 'PUBLISHED', publishedAt: '2026-11-02T10:00:00.000Z' });
    // An event organizer who is a member, not the owner: the drop-down values list no organization.
    const api = organizerApi(
      {
        [`GET ${O}/panel-organizer-event-detail`]: ok(published),
        [`GET ${E}/check-event-edit-delete-availability`]: availability,
      },
      dropDowns({ organizations: [] }),
    );
    renderApp(`/event-management/${EVENT}/edit`, api);
    await screen.findByRole('form', { name: 'Event' });
    await goToStep('Team');
    expect(
      await screen.findByText("The owner of Harbour Arts assigns this event's organizers and scanners."),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^Event organizers/)).toBeNull();
  });

  it('starts a new event in its organization’s time zone', async () => {
    renderApp('/event-management/new', organizerApi());
    await goToStep('Date and place');
    const [zone] = (await screen.findAllByLabelText(/^Time zone/)) as HTMLInputElement[];
    expect(zone?.value).toMatch(/^Europe\/Lisbon/);
  });

  it('offers a preview of the public page once the draft is saved', async () => {
    renderApp('/event-management/new', organizerApi());
    await goToStep('Review');
    expect((await screen.findByTestId('preview-note')).textContent).toBe(
      'Save as draft to preview the public page as buyers will see it.',
    );
    expect(screen.queryByRole('link', { name: 'Preview the public page' })).toBeNull();
  });

  it('opens the saved draft’s public page preview in a new tab', async () => {
    const api = organizerApi({ [`GET ${O}/panel-organizer-event-detail`]: ok(draft()) });
    renderApp(`/event-management/new?draft=${EVENT}`, api);
    await goToStep('Review');
    const link = await screen.findByRole('link', { name: 'Preview the public page' });
    expect(link.getAttribute('href')).toBe(`/e/preview/${EVENT}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('ticks a step passed by only when its required fields are filled', async () => {
    renderApp('/event-management/new', organizerApi());
    await screen.findByRole('textbox', { name: /Title/ });
    await goToStep('Tickets');
    const datePlace = screen.getByRole('button', { name: 'Date and place' });
    expect(datePlace.getAttribute('data-incomplete')).toBe('true');
    expect(within(datePlace).getByText('Required fields missing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Basics' }).getAttribute('data-incomplete')).toBe('true');
    // The Team step asks for nothing: passed by, it is ticked as done.
    await goToStep('Review');
    expect(screen.getByRole('button', { name: 'Team' }).getAttribute('data-incomplete')).toBeNull();
    expect(screen.getByRole('button', { name: 'Date and place' }).getAttribute('data-incomplete')).toBe(
      'true',
    );
  });

  it('says an organization without active members has nobody to assign yet', async () => {
    renderApp('/event-management/new', organizerApi());
    await goToStep('Team');
    expect(await screen.findByText(/Harbour Arts has no active members yet/)).toBeTruthy();
  });
});

describe('class sessions', () => {
  const originalTz = process.env.TZ;
  // The browser is in Tokyo; the class is in New York: every time shown must be New York's.
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    process.env.TZ = originalTz;
  });

  it('generates eight weekly sessions shown in the event’s zone, across its daylight-saving change', async () => {
    const classDraft = draft({
      kind: 'CLASS',
      timeZone: 'America/New_York',
      classType: { _id: CLASS_TYPE, name: 'Weekly course', bookingMode: 'COURSE' },
      occurrences: [],
      // Mondays and Wednesdays through March 2027; New York moves its clocks on March 14.
      schedule: {
        days: [1, 3],
        startTime: '18:30',
        durationMinutes: 90,
        firstDate: '2027-03-01',
        lastDate: '2027-03-24',
      },
    });
    const api = organizerApi({ [`GET ${O}/panel-organizer-event-detail`]: ok(classDraft) });
    renderApp(`/event-management/classes/new?draft=${EVENT}`, api);
    await goToStep('Date and place');
    expect(await screen.findByText(/Course: one ticket covers every session/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Generate sessions' }));

    const sessions = await screen.findAllByTestId('session-when');
    expect(sessions).toHaveLength(8);
    expect(sessions.map((s) => s.textContent)).toEqual([
      'Mon, Mar 1, 2027 · 6:30 PM – 8:00 PM',
      'Wed, Mar 3, 2027 · 6:30 PM – 8:00 PM',
      'Mon, Mar 8, 2027 · 6:30 PM – 8:00 PM',
      'Wed, Mar 10, 2027 · 6:30 PM – 8:00 PM',
      'Mon, Mar 15, 2027 · 6:30 PM – 8:00 PM',
      'Wed, Mar 17, 2027 · 6:30 PM – 8:00 PM',
      'Mon, Mar 22, 2027 · 6:30 PM – 8:00 PM',
      'Wed, Mar 24, 2027 · 6:30 PM – 8:00 PM',
    ]);
    expect(screen.getByText('Times in America/New_York')).toBeTruthy();

    // Editing one shows its fields labelled with the event's zone, on New York's clock.
    await userEvent.click(screen.getByRole('button', { name: 'Edit session 5' }));
    // A course is one ticket for every session: a session has a visibility but no capacity of its own.
    const fifth = screen.getAllByTestId('session')[4] as HTMLElement;
    expect(within(fifth).getAllByLabelText(/^Visibility/).length).toBeGreaterThan(0);
    expect(within(fifth).queryByLabelText(/^Capacity/)).toBeNull();
    const time = screen.getByLabelText('Starts (America/New_York): time') as HTMLInputElement;
    expect(time.value).toBe('18:30');
    fireEvent.change(time, { target: { value: '19:00' } });
    await waitFor(() =>
      expect(screen.getAllByTestId('session-when')[4]?.textContent).toBe(
        'Mon, Mar 15, 2027 · 7:00 PM – 8:00 PM',
      ),
    );
  });
  it('lets each session be made private and given a capacity, and sends them with the draft', async () => {
    const classDraft = draft({
      kind: 'CLASS',
      timeZone: 'America/New_York',
      classType: { _id: CLASS_TYPE, name: 'Drop-in', bookingMode: 'DROP_IN' },
      occurrences: [
        {
          _id: OCC[0] as string,
          startsAt: '2027-03-01T23:30:00.000Z',
          endsAt: '2027-03-02T01:00:00.000Z',
          visibility: 'PUBLIC',
          capacity: null,
          sold: 0,
          status: 'SCHEDULED',
        },
        {
          _id: OCC[1] as string,
          startsAt: '2027-03-03T23:30:00.000Z',
          endsAt: '2027-03-04T01:00:00.000Z',
          visibility: 'PUBLIC',
          capacity: null,
          sold: 0,
          status: 'SCHEDULED',
        },
      ],
    });
    const api = organizerApi(
      {
        [`GET ${O}/panel-organizer-event-detail`]: ok(classDraft),
        [`POST ${E}/save-as-draft`]: ok(classDraft, 'Draft saved.'),
      },
      dropDowns({ classTypes: [{ _id: CLASS_TYPE, name: 'Drop-in', bookingMode: 'DROP_IN' }] }),
    );
    renderApp(`/event-management/classes/new?draft=${EVENT}`, api);
    await goToStep('Date and place');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit session 2' }));
    const session = screen.getAllByTestId('session')[1] as HTMLElement;
    await userEvent.click(within(session).getAllByLabelText(/^Visibility/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Private' }));
    await userEvent.type(within(session).getByRole('textbox', { name: /^Capacity/ }), '12');
    // Closed again, the row still says what differs.
    await userEvent.click(screen.getByRole('button', { name: 'Edit session 2' }));
    expect(within(session).getByText('Private')).toBeTruthy();
    expect(within(session).getByText('12 seats')).toBeTruthy();
    expect(within(screen.getAllByTestId('session')[0] as HTMLElement).queryByText('Private')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === `${E}/save-as-draft`)).toBe(true));
    expect(api.calls.find((c) => c.path === `${E}/save-as-draft`)?.body).toMatchObject({
      occurrences: [
        { _id: OCC[0], visibility: 'PUBLIC', capacity: null },
        { _id: OCC[1], visibility: 'PRIVATE', capacity: 12 },
      ],
    });
  });
});
