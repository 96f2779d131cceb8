import type { PublicOccurrence } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { offersWaitingList } from './waiting-list';

const date = (salesState: PublicOccurrence['salesState']): PublicOccurrence => ({
  _id: '00000000-0000-4000-8000-000000000001',
  startsAt: '2026-12-01T18:00:00Z',
  endsAt: '2026-12-01T20:00:00Z',
  salesState,
  remaining: {},
});

describe('offersWaitingList', () => {
  const published = { status: 'PUBLISHED' as const };
  it('offers the list for a sold-out type of a date on sale, and for a date sold out as a whole', () => {
    expect(
      offersWaitingList(published, date('ON_SALE'), { onSale: false, reason: 'Sold out', remaining: 0 }),
    ).toBe(true);
    expect(offersWaitingList(published, date('SOLD_OUT'), { onSale: false, reason: '', remaining: 0 })).toBe(
      true,
    );
  });
  it('does not while seats are left, sales are over or the event is cancelled', () => {
    expect(offersWaitingList(published, date('ON_SALE'), { onSale: true, remaining: 3 })).toBe(false);
    expect(offersWaitingList(published, date('ENDED'), { onSale: false, reason: '', remaining: 0 })).toBe(
      false,
    );
    expect(
      offersWaitingList({ status: 'CANCELLED' }, date('SOLD_OUT'), {
        onSale: false,
        reason: '',
        remaining: 0,
      }),
    ).toBe(false);
    expect(
      offersWaitingList(published, null, { onSale: false, reason: 'Choose a date first', remaining: 0 }),
    ).toBe(false);
  });
});
