import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { REFUND_PATHS } from './paths';

export const refundRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      REFUND_PATHS.issueEventRefund,
      'console',
      () => import('./routes/IssueEventRefundPage'),
      (m) => m.IssueEventRefundPage,
    ),
    consoleScreen(
      REFUND_PATHS.confirmEventRefund,
      'console',
      () => import('./routes/ConfirmEventRefundPage'),
      (m) => m.ConfirmEventRefundPage,
    ),
  ],
};
