import type { PromoCodeCheck, PublicEvent } from '@marquee/contract';

/**
 * The event as the buyer sees it with a code applied: the hidden types it reveals added, and each
 * discounted type priced as checkout will charge it (the server's quote, fee included).
 */
export function withPromo(event: PublicEvent, promo: PromoCodeCheck | null): PublicEvent {
  if (!promo) return event;
  const known = new Set(event.ticketTypes.map((t) => t._id));
  const types = [...event.ticketTypes, ...promo.revealedTicketTypes.filter((t) => !known.has(t._id))];
  const prices = new Map(promo.discounted.map((d) => [d.ticketTypeId, d]));
  return {
    ...event,
    ticketTypes: types.map((type) => {
      const price = prices.get(type._id);
      return price
        ? { ...type, price: price.price, buyerFee: price.buyerFee, buyerPays: price.buyerPays }
        : type;
    }),
  };
}

/** What the code saves on the chosen tickets (list price less price paid, fees included). */
export function promoSavings(
  listed: PublicEvent,
  promo: PromoCodeCheck | null,
  quantities: Record<string, { quantity: number }>,
): number {
  if (!promo) return 0;
  let saved = 0;
  for (const d of promo.discounted) {
    const type =
      listed.ticketTypes.find((t) => t._id === d.ticketTypeId) ??
      promo.revealedTicketTypes.find((t) => t._id === d.ticketTypeId);
    const quantity = quantities[d.ticketTypeId]?.quantity ?? 0;
    if (type) saved += (type.buyerPays - d.buyerPays) * quantity;
  }
  return saved;
}

/** The code a link carries (`?code=`), as typed. */
export function codeFromSearch(search: string): string {
  return (new URLSearchParams(search).get('code') ?? '').trim().slice(0, 40);
}
