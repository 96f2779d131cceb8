import { accountRoutes } from '../features/account/routes';
import { approvalRoutes } from '../features/approvals/routes';
import { attendeeMessageRoutes } from '../features/attendee-messages/routes';
import { auditLogRoutes } from '../features/audit-log/routes';
import { authRoutes } from '../features/auth/routes';
import { bannerRoutes } from '../features/banners/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { catalogRequestRoutes } from '../features/catalog-requests/routes';
import { checkInRoutes } from '../features/check-in/routes';
import { checkoutQuestionRoutes } from '../features/checkout-questions/routes';
import { contentRoutes } from '../features/content/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { devOutboxRoutes } from '../features/dev-outbox/routes';
import { eventRoutes } from '../features/events/routes';
import { orderRoutes } from '../features/orders/routes';
import { organizationRoutes } from '../features/organizations/routes';
import { outgoingMessageRoutes } from '../features/outgoing-messages/routes';
import { promoCodeRoutes } from '../features/promo-codes/routes';
import { publicEventRoutes } from '../features/public-event/routes';
import { reasonRoutes } from '../features/reasons/routes';
import { refundRoutes } from '../features/refunds/routes';
import { socialRoutes } from '../features/social/routes';
import { tagRoutes } from '../features/tags/routes';
import { userManagementRoutes } from '../features/user-management/routes';
import { waitingListRoutes } from '../features/waiting-list/routes';
import type { FeatureRoutes } from '../lib/routing';

/** Every feature's screens; the router puts each in its area. A new feature adds one line here. */
export const FEATURE_ROUTES: readonly FeatureRoutes[] = [
  authRoutes,
  socialRoutes,
  accountRoutes,
  contentRoutes,
  dashboardRoutes,
  catalogRoutes,
  tagRoutes,
  bannerRoutes,
  reasonRoutes,
  catalogRequestRoutes,
  approvalRoutes,
  organizationRoutes,
  eventRoutes,
  orderRoutes,
  attendeeMessageRoutes,
  checkoutQuestionRoutes,
  waitingListRoutes,
  promoCodeRoutes,
  refundRoutes,
  checkInRoutes,
  publicEventRoutes,
  userManagementRoutes,
  auditLogRoutes,
  outgoingMessageRoutes,
  devOutboxRoutes,
];

export const accountAreaRoutes = FEATURE_ROUTES.flatMap((feature) => feature.account ?? []);
export const adminAreaRoutes = FEATURE_ROUTES.flatMap((feature) => feature.admin ?? []);
export const publicAreaRoutes = FEATURE_ROUTES.flatMap((feature) => feature.public ?? []);
