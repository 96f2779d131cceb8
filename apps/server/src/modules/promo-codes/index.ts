import type { FastifyInstance } from 'fastify';
import type { Ports } from '../../ports.js';
import { promoCodeRoutes } from './routes.js';

export { codeByText as promoCodeByText, type PromoCodeRow } from './repo/codes.js';
/** Checkout's side of a code's uses: taken with the seats, given back with them (docs/promo-codes.md). */
export {
  type ReserveOutcome,
  releaseUse as releasePromoUse,
  reserveUse as reservePromoUse,
  retakeUse as retakePromoUse,
  usesByBuyer as promoUsesByBuyer,
} from './repo/uses.js';
export { appliesTo, describeCode, type PricedType, refusalOf, reveals, unitDiscount } from './rules.js';

/** Promo codes (docs/promo-codes.md): an event's codes for its team; checkout applies them. */
export async function promoCodesModule(app: FastifyInstance, ports: Ports) {
  await app.register(promoCodeRoutes, { deps: { db: ports.db, unitOfWork: ports.unitOfWork } });
}
