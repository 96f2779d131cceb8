import { describe, expect, it } from 'vitest';
import { eventMessagesPath } from '../paths';
import { type ComposeValues, toCountQuery, toSendBody } from './ComposeMessage';
import { movedDates } from './EventPageLinks';
import { presetMessage } from './presets';

const EVENT = 'e5f0a3a4-1111-4aaa-8bbb-000000000001';
const DATE = 'e5f0a3a4-1111-4aaa-8bbb-000000000002';
const base: ComposeValues = {
  audience: 'ALL',
  occurrenceId: DATE,
  ticketTypeIds: ['t1'],
  bookingIds: ['b1', 'b2'],
  subject: 'Hi',
  body: 'Hello',
};

describe('compose values to calls', () => {
  it('sends only the fields the audience needs', () => {
    expect(toSendBody(EVENT, base)).toEqual({
      eventId: EVENT,
      audience: 'ALL',
      subject: 'Hi',
      body: 'Hello',
    });
    expect(toSendBody(EVENT, { ...base, audience: 'ORDERS' })).toMatchObject({ bookingIds: ['b1', 'b2'] });
    expect(toSendBody(EVENT, { ...base, audience: 'OCCURRENCE' })).toMatchObject({ occurrenceId: DATE });
  });

  it('counts only a complete audience, ids comma-separated', () => {
    expect(toCountQuery(EVENT, { ...base, audience: 'TICKET_TYPES', ticketTypeIds: ['a', 'b'] })).toEqual({
      eventId: EVENT,
      audience: 'TICKET_TYPES',
      ticketTypeIds: 'a,b',
    });
    expect(toCountQuery(EVENT, { ...base, audience: 'OCCURRENCE', occurrenceId: null })).toBeNull();
    expect(toCountQuery(EVENT, { ...base, audience: 'ORDERS', bookingIds: [] })).toBeNull();
  });

  it('carries prepared messages and chosen orders in the address', () => {
    expect(eventMessagesPath(EVENT, { preset: 'date-change', occurrenceId: DATE })).toBe(
      `/event-management/${EVENT}/messages?preset=date-change&occurrenceId=${DATE}`,
    );
    expect(eventMessagesPath(EVENT, { bookingIds: ['b1', 'b2'] })).toBe(
      `/event-management/${EVENT}/messages?bookingIds=b1%2Cb2`,
    );
  });
});

describe('prepared messages', () => {
  const event = {
    title: 'Spring Gala',
    timeZone: 'Europe/Berlin',
    organization: { _id: 'o', name: 'Old Town Theatre', currency: 'EUR' },
    occurrences: [
      { _id: DATE, startsAt: '2026-03-07T18:00:00.000Z', endsAt: '2026-03-07T21:00:00.000Z', sold: 3 },
    ],
  } as unknown as Parameters<typeof presetMessage>[1];

  it('names the new date in the event’s zone', () => {
    const message = presetMessage('date-change', event, DATE);
    expect(message.subject).toBe('New date for Spring Gala');
    expect(message.body).toContain('Sat, Mar 7, 2026 at 7:00 PM (Europe/Berlin)');
  });

  it('says a cancellation and what follows', () => {
    const message = presetMessage('cancelled', event);
    expect(message.subject).toBe('Spring Gala is cancelled');
    expect(message.body).toContain('refunded');
  });

  it('finds the dates with tickets sold whose start moved', () => {
    const before = {
      occurrences: [
        { _id: 'a', startsAt: '2026-03-07T18:00:00Z', sold: 2 },
        { _id: 'b', startsAt: '2026-03-08T18:00:00Z', sold: 0 },
        { _id: 'c', startsAt: '2026-03-09T18:00:00Z', sold: 5 },
      ],
    } as unknown as Parameters<typeof movedDates>[0];
    const after = {
      occurrences: [
        { _id: 'a', startsAt: '2026-03-07T19:00:00Z', sold: 2 },
        { _id: 'b', startsAt: '2026-03-08T19:00:00Z', sold: 0 },
        { _id: 'c', startsAt: '2026-03-09T18:00:00.000Z', sold: 5 },
      ],
    } as unknown as Parameters<typeof movedDates>[1];
    expect(movedDates(before, after)).toEqual(['a']);
    expect(movedDates(null, after)).toEqual([]);
  });
});
