import { consoleScreen, type FeatureRoutes } from '../../lib/routing';
import { ORDER_PATHS } from './paths';

export const orderRoutes: FeatureRoutes = {
  admin: [
    consoleScreen(
      ORDER_PATHS.orders,
      'console',
      () => import('./routes/OrdersPage'),
      (m) => m.OrdersPage,
    ),
    consoleScreen(
      ORDER_PATHS.eventOrderDetails,
      'console',
      () => import('./routes/EventOrdersPage'),
      (m) => m.EventOrdersPage,
    ),
    consoleScreen(
      ORDER_PATHS.orderDetails,
      'console',
      () => import('./routes/OrderDetailsPage'),
      (m) => m.OrderDetailsPage,
    ),
    consoleScreen(
      ORDER_PATHS.viewTickets,
      'console',
      () => import('./routes/ViewTicketsPage'),
      (m) => m.ViewTicketsPage,
    ),
    consoleScreen(
      ORDER_PATHS.refundRequest,
      'console',
      () => import('./refund-screens/RefundRequestPage'),
      (m) => m.RefundRequestPage,
    ),
    consoleScreen(
      ORDER_PATHS.orderRefund,
      'console',
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.OrderRefundPage,
    ),
    consoleScreen(
      ORDER_PATHS.confirmRefund,
      'console',
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.ConfirmRefundPage,
    ),
    consoleScreen(
      ORDER_PATHS.confirmEventOrderRefund,
      'console',
      () => import('./refund-screens/OrderRefundPage'),
      (m) => m.OrderRefundPage,
    ),
    consoleScreen(
      ORDER_PATHS.issueRefunds,
      'console',
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.IssueRefundsPage,
    ),
    consoleScreen(
      ORDER_PATHS.eventOrdersIssueRefunds,
      'console',
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.EventOrdersIssueRefundsPage,
    ),
    consoleScreen(
      ORDER_PATHS.eventTicketsIssueRefunds,
      'console',
      () => import('./refund-screens/IssueRefundsPage'),
      (m) => m.EventTicketsIssueRefundsPage,
    ),
    consoleScreen(
      ORDER_PATHS.eventAttendees,
      'console',
      () => import('./routes/EventAttendeesPage'),
      (m) => m.EventAttendeesPage,
    ),
  ],
};
