// Promo codes: what the event screens use.

export { PromoCodesCard } from './components/PromoCodesCard';
export { eventPromoCodesPath } from './paths';
