import type { PublicEvent, PublicTicketType } from '@marquee/contract';

/** Ids and times the public event page's tests share (a jazz night in New York, one date). */
export const PUBLIC_EVENT_IDS = {
  event: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  organization: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  date: '5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b',
  general: '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a',
} as const;

// 23:00–02:00 UTC is 7:00 PM – 10:00 PM in New York in July (GMT-4), and the next morning in Tokyo,
// where the tests' browser is.
export const PUBLIC_EVENT_STARTS = '2026-07-10T23:00:00.000Z';
export const PUBLIC_EVENT_ENDS = '2026-07-11T02:00:00.000Z';

/** The public page's calls, as the fake API names them. */
export const PUBLIC_CALLS = {
  detail: 'GET /api/v1/booking/public-event-detail',
  create: 'POST /api/v1/booking/create-booking',
} as const;

/** A paid "General" ticket type: $25.00 plus a $1.50 fee. */
export function publicTicketType(over: Partial<PublicTicketType> = {}): PublicTicketType {
  return {
    _id: PUBLIC_EVENT_IDS.general,
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
    ...over,
  };
}

/** A published single-date event on sale with one ticket type and 50 seats left; `over` changes any part. */
export function publicEventFixture(over: Partial<PublicEvent> = {}): PublicEvent {
  return {
    _id: PUBLIC_EVENT_IDS.event,
    slug: 'jazz-night',
    kind: 'SINGLE',
    title: 'Jazz night',
    image: null,
    organization: { _id: PUBLIC_EVENT_IDS.organization, name: 'Blue Note' },
    category: null,
    startsAt: PUBLIC_EVENT_STARTS,
    endsAt: PUBLIC_EVENT_ENDS,
    timeZone: 'America/New_York',
    venueName: 'Blue Note NYC',
    fromPrice: 2650,
    currency: 'USD',
    salesState: 'ON_SALE',
    description: '',
    images: [],
    status: 'PUBLISHED',
    classBookingMode: null,
    location: null,
    maxTicketsPerOrder: 10,
    attendeeNames: false,
    attendeeEmails: false,
    questions: [],
    ticketTypes: [publicTicketType()],
    occurrences: [
      {
        _id: PUBLIC_EVENT_IDS.date,
        startsAt: PUBLIC_EVENT_STARTS,
        endsAt: PUBLIC_EVENT_ENDS,
        salesState: 'ON_SALE',
        remaining: { [PUBLIC_EVENT_IDS.general]: 50 },
      },
    ],
    ...over,
  };
}
