// @vitest-environment node

import { MAX_DONATION_MINOR, type PublicEvent } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { placeServerErrors, stepQuantity, validateDraft } from './checkout';

const A = '9c8b7a6f-5e4d-4c3b-a2a1-0f9e8d7c6b5a';
const B = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const sent = [
  { ticketTypeId: A, quantity: 2 },
  { ticketTypeId: B, quantity: 1 },
];

describe('placeServerErrors', () => {
  it('puts line errors on the ticket type the n-th sent line was', () => {
    expect(
      placeServerErrors(
        [
          { field: 'lines.1.quantity', message: 'Only 0 left' },
          { field: 'lines.0.amount', message: 'Give at least the minimum amount.' },
          { field: 'lines.0.attendees', message: 'Enter a name for each ticket.' },
          { field: 'lines.1.attendees.0', message: "Enter the attendee's name" },
        ],
        sent,
      ),
    ).toEqual({
      [`ticket.${B}`]: 'Only 0 left',
      [`ticket.${A}.amount`]: 'Give at least the minimum amount.',
      [`ticket.${A}.attendees.0`]: 'Enter a name for each ticket.',
      [`ticket.${B}.attendees.0`]: "Enter the attendee's name",
    });
  });

  it('puts buyer and date errors on their fields and the rest on the form', () => {
    expect(
      placeServerErrors(
        [
          { field: 'buyer.email', message: 'Enter a valid email address' },
          { field: 'occurrenceId', message: 'Choose a date' },
          { field: 'lines', message: 'You can buy at most 6 tickets in one order.' },
          { field: 'eventId', message: 'Tickets for this event are not on sale.' },
          { field: 'lines.7.quantity', message: 'No such line' },
        ],
        sent,
      ),
    ).toEqual({
      'buyer.email': 'Enter a valid email address',
      occurrence: 'Choose a date',
      form: 'You can buy at most 6 tickets in one order.\nTickets for this event are not on sale.\nNo such line',
    });
  });
});

describe('stepQuantity', () => {
  it('jumps between none and the minimum, and stops at the maximum', () => {
    const range = { min: 2, max: 3 };
    expect(stepQuantity(0, 1, range)).toBe(2);
    expect(stepQuantity(2, 1, range)).toBe(3);
    expect(stepQuantity(3, 1, range)).toBe(3);
    expect(stepQuantity(2, -1, range)).toBe(0);
    expect(stepQuantity(0, 1, { min: 2, max: 1 })).toBe(0);
  });
});

describe('validateDraft: a donation', () => {
  const event = {
    kind: 'SINGLE',
    currency: 'USD',
    maxTicketsPerOrder: 10,
    attendeeNames: false,
    occurrences: [],
    ticketTypes: [
      { _id: A, name: 'Pay what you like', pricing: 'DONATION', price: 500, minPerOrder: 1, maxPerOrder: 10 },
    ],
  } as unknown as PublicEvent;
  const errorsFor = (amountText: string) =>
    validateDraft(
      event,
      {
        occurrenceId: null,
        lines: { [A]: { quantity: 1, amountText, attendees: [] } },
        buyerName: 'Ada',
        buyerEmail: 'ada@example.test',
      },
      false,
    );

  it('names the maximum in the currency when the amount is above MAX_DONATION_MINOR', () => {
    expect(MAX_DONATION_MINOR).toBe(100_000_000);
    expect(errorsFor('1000000.01')).toEqual({
      [`ticket.${A}.amount`]: 'Give at most $1,000,000.00 per ticket.',
    });
    expect(errorsFor('1000000')).toEqual({});
  });
});
