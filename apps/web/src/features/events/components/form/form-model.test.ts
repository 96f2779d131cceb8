import { MESSAGES } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyTicket,
  emptyValues,
  firstStepWithError,
  formPathOfDraftError,
  timeRuleErrors,
  toDraftInput,
  toEventInput,
} from './form-model';

const ORG = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('event form values', () => {
  it('sends prices in minor units of the organization’s currency, free tickets at 0', () => {
    const v = emptyValues('SINGLE', ORG);
    v.ticketTypes = [
      { ...emptyTicket(), name: 'General', price: '12.50', quantity: 10 },
      { ...emptyTicket(), name: 'Kids', pricing: 'FREE', price: '', quantity: 5 },
    ];
    expect(toEventInput(v, 'SINGLE', 'USD').ticketTypes.map((t) => t.price)).toEqual([1250, 0]);
    v.ticketTypes = [{ ...emptyTicket(), name: 'General', price: '1250', quantity: 10 }];
    expect(toEventInput(v, 'SINGLE', 'JPY').ticketTypes[0]?.price).toBe(1250);
  });

  it('applies the time rules with the spec’s messages, letting a published date that already happened stay', () => {
    const v = emptyValues('MULTI', ORG);
    v.occurrences = [
      {
        key: 'a',
        startsAt: '2026-11-01T10:00:00.000Z',
        endsAt: '2026-11-01T12:00:00.000Z',
        visibility: 'PUBLIC',
        capacity: '',
      },
      {
        key: 'b',
        startsAt: '2027-01-01T10:00:00.000Z',
        endsAt: '2027-01-01T10:00:00.000Z',
        visibility: 'PUBLIC',
        capacity: '',
      },
      {
        key: 'c',
        _id: '55555555-5555-4555-8555-555555555551',
        startsAt: '2026-10-01T10:00:00.000Z',
        endsAt: '2026-10-01T12:00:00.000Z',
        visibility: 'PUBLIC',
        capacity: '',
      },
    ];
    const published = new Map([['55555555-5555-4555-8555-555555555551', '2026-10-01T10:00:00.000Z']]);
    expect(timeRuleErrors(v, NOW, published)).toEqual({
      'occurrences.0.startsAt': MESSAGES.reselectStartTime,
      'occurrences.1.endsAt': MESSAGES.reselectEndTime,
    });
  });

  it('sends only complete rows in a draft and maps server paths back to the form’s rows', () => {
    const v = emptyValues('SINGLE', ORG);
    v.title = 'Autumn Fair';
    v.ticketTypes = [
      { ...emptyTicket(), name: 'Half done' },
      { ...emptyTicket(), name: 'General', price: '10', quantity: 10 },
      emptyTicket(),
    ];
    const draft = toDraftInput(v, 'SINGLE', 'USD');
    expect(draft.body.ticketTypes).toHaveLength(1);
    expect(draft.body.occurrences).toEqual([]);
    expect(draft.body.location).toBeNull();
    expect(draft.omitted).toEqual(['ticket 1']);
    expect(formPathOfDraftError('ticketTypes.0.price', draft)).toBe('ticketTypes.1.price');
    expect(formPathOfDraftError('title', draft)).toBe('title');
  });

  it('opens the earliest step holding an error', () => {
    expect(firstStepWithError(['ticketTypes.1.price', 'occurrences.0.startsAt'])).toBe(1);
    expect(firstStepWithError(['ticketTypes.0.name'])).toBe(2);
    expect(firstStepWithError(['team.scanners'])).toBe(3);
    expect(firstStepWithError(['organizationId', 'location.timeZone'])).toBe(0);
    expect(firstStepWithError([])).toBeNull();
  });
});
