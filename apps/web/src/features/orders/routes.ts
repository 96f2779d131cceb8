import { type FeatureRoutes, lazyScreen } from '../../lib/routing';
import { ORDER_PATHS } from './paths';

export const orderRoutes: FeatureRoutes = {
  admin: [
    lazyScreen(
      ORDER_PATHS.orders,
      () => import('./routes/OrdersPage'),
      (m) => m.OrdersPage,
    ),
    lazyScreen(
      ORDER_PATHS.eventOrderDetails,
      () => import('./routes/EventOrdersPage'),
      (m) => m.EventOrdersPage,
    ),
    lazyScreen(
      ORDER_PATHS.orderDetails,
      () => import('./routes/OrderDetailsPage'),
      (m) => m.OrderDetailsPage,
    ),
    lazyScreen(
      ORDER_PATHS.viewTickets,
      () => import('./routes/ViewTicketsPage'),
      (m) => m.ViewTicketsPage,
    ),
    lazyScreen(
      ORDER_PATHS.refundRequest,
      () => import('./refund-screens/RefundRequestPage'),
      (m) => m.RefundRequestPage,
    ),
    lazyScreen(
      ORDER_PATHS.orderRefund,
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.OrderRefundPage,
    ),
    lazyScreen(
      ORDER_PATHS.confirmRefund,
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.ConfirmRefundPage,
    ),
    lazyScreen(
      ORDER_PATHS.confirmEventOrderRefund,
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.OrderRefundPage,
    ),
    lazyScreen(
      ORDER_PATHS.issueRefunds,
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.IssueRefundsPage,
    ),
    lazyScreen(
      ORDER_PATHS.eventOrdersIssueRefunds,
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.EventOrdersIssueRefundsPage,
    ),
    lazyScreen(
      ORDER_PATHS.eventTicketsIssueRefunds,
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.EventTicketsIssueRefundsPage,
    ),
    lazyScreen(
      ORDER_PATHS.eventAttendees,
      () => import('./routes/EventAttendeesPage'),
      (m) => m.EventAttendeesPage,
    ),
  ],
};
