/**
 * The promo-code check's contract, for `import()` only: the promo codes' schemas (most of them the
 * organizers') are built when a buyer checks a code, not while the event page loads. A module of its own
 * so the chunk holds this route and what it needs, not the contract's index.
 */
export { checkPromoCode } from '@marquee/contract';
