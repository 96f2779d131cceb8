import type { PromoCodeCheck, PublicEvent, PublicTicketType } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { codeFromSearch, promoSavings, withPromo } from './promo';

const type = (id: string, buyerPays: number): PublicTicketType => ({
  _id: id,
  pricing: 'PAID',
  name: id,
  description: '',
  price: buyerPays - 100,
  buyerFee: 100,
  buyerPays,
  minPerOrder: 1,
  maxPerOrder: 6,
  saleStartsAt: null,
  saleEndsAt: null,
});

const event = { ticketTypes: [type('a', 2600), type('b', 4100)], currency: 'EUR' } as unknown as PublicEvent;
const promo: PromoCodeCheck = {
  code: 'HALF',
  kind: 'PERCENT',
  amount: 50,
  ticketTypeIds: ['a', 'hidden'],
  revealedTicketTypes: [type('hidden', 1100)],
  discounted: [
    { ticketTypeId: 'a', unitDiscount: 1250, price: 1250, buyerFee: 60, buyerPays: 1310 },
    { ticketTypeId: 'hidden', unitDiscount: 500, price: 500, buyerFee: 30, buyerPays: 530 },
  ],
  description: '50% off',
};

describe('a promo code on the buyer page', () => {
  it('reprices what it lowers with the server’s quote and adds the types it reveals', () => {
    const shown = withPromo(event, promo);
    expect(shown.ticketTypes.map((t) => [t._id, t.buyerPays])).toEqual([
      ['a', 1310],
      ['b', 4100],
      ['hidden', 530],
    ]);
    expect(withPromo(event, null)).toBe(event);
  });

  it('says what it saves on the tickets chosen', () => {
    expect(
      promoSavings(event, promo, { a: { quantity: 2 }, hidden: { quantity: 1 }, b: { quantity: 3 } }),
    ).toBe(2 * (2600 - 1310) + (1100 - 530));
  });

  it('reads the code a link carries', () => {
    expect(codeFromSearch('?code=spring20&x=1')).toBe('spring20');
    expect(codeFromSearch('')).toBe('');
  });
});
