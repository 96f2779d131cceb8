/** Promo codes of an event (docs/promo-codes.md). */
export const PROMO_CODE_PATHS = {
  eventPromoCodes: '/event-management/:eventId/promo-codes',
} as const;

export const eventPromoCodesPath = (eventId: string) =>
  `/event-management/${encodeURIComponent(eventId)}/promo-codes`;
