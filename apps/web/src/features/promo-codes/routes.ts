import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { PROMO_CODE_PATHS } from './paths';

export const promoCodeRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      PROMO_CODE_PATHS.eventPromoCodes,
      'console',
      () => import('./routes/EventPromoCodesPage'),
      (m) => m.EventPromoCodesPage,
    ),
  ],
};
