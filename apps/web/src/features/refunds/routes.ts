import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { REFUND_PATHS } from './paths';

export const refundRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      REFUND_PATHS.issueEventRefund,
      () => import('./routes/IssueEventRefundPage'),
      (m) => m.IssueEventRefundPage,
    ),
    lazyScreen(
      REFUND_PATHS.confirmEventRefund,
      () => import('./routes/ConfirmEventRefundPage'),
      (m) => m.ConfirmEventRefundPage,
    ),
  ],
};
