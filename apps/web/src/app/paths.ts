import { ACCOUNT_PATHS } from '../features/account/paths';
import { APPROVAL_PATHS } from '../features/approvals/paths';
import { ATTENDEE_MESSAGE_PATHS } from '../features/attendee-messages/paths';
import { AUDIT_LOG_PATHS } from '../features/audit-log/paths';
import { AUTH_PATHS } from '../features/auth/paths';
import { BANNER_PATHS } from '../features/banners/paths';
import { CATALOG_PATHS } from '../features/catalog/paths';
import { CATALOG_REQUEST_PATHS } from '../features/catalog-requests/paths';
import { CHECK_IN_PATHS } from '../features/check-in/paths';
import { CHECKOUT_QUESTION_PATHS } from '../features/checkout-questions/paths';
import { CONTENT_PATHS } from '../features/content/paths';
import { DASHBOARD_PATHS } from '../features/dashboard/paths';
import { DEV_OUTBOX_PATHS } from '../features/dev-outbox/paths';
import { EVENT_PATHS } from '../features/events/paths';
import { ORDER_PATHS } from '../features/orders/paths';
import { ORGANIZATION_PATHS } from '../features/organizations/paths';
import { OUTGOING_MESSAGE_PATHS } from '../features/outgoing-messages/paths';

export { publicBookingPath, publicEventPath } from '../features/public-event/paths';

import { PUBLIC_EVENT_PATHS } from '../features/public-event/paths';
import { REASON_PATHS } from '../features/reasons/paths';
import { SOCIAL_PATHS } from '../features/social/paths';
import { TAG_PATHS } from '../features/tags/paths';
import { USER_MANAGEMENT_PATHS } from '../features/user-management/paths';
import { registeredPaths } from '../lib/routing';
import { accountAreaRoutes, adminAreaRoutes, publicAreaRoutes } from './feature-routes';

export { editBannerPath } from '../features/banners/paths';
export {
  createEventPath,
  editEventPath,
  eventDetailsPath,
  organizationEventsPath,
} from '../features/events/paths';
export {
  editOrganizationPath,
  inviteMemberPath,
  memberPath,
  type OrganizationTab,
  organizationPath,
} from '../features/organizations/paths';

/**
 * Console URLs used in code: each feature's own (its `paths.ts`) plus screens planned but not built yet,
 * which navigation already names. The full map of planned screens lives in docs/routes.md.
 */
export const PATHS = {
  ...AUTH_PATHS,
  ...SOCIAL_PATHS,
  ...ACCOUNT_PATHS,
  ...CONTENT_PATHS,
  ...DEV_OUTBOX_PATHS,
  ...DASHBOARD_PATHS,
  ...CATALOG_PATHS,
  ...TAG_PATHS,
  ...BANNER_PATHS,
  ...REASON_PATHS,
  ...CATALOG_REQUEST_PATHS,
  ...APPROVAL_PATHS,
  ...ORGANIZATION_PATHS,
  ...EVENT_PATHS,
  ...ORDER_PATHS,
  ...ATTENDEE_MESSAGE_PATHS,
  ...CHECKOUT_QUESTION_PATHS,
  ...CHECK_IN_PATHS,
  ...PUBLIC_EVENT_PATHS,
  ...USER_MANAGEMENT_PATHS,
  ...AUDIT_LOG_PATHS,
  ...OUTGOING_MESSAGE_PATHS,
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** Screens registered in the router, read from the features' routes. */
export const BUILT_SCREENS: ReadonlySet<AppPath> = new Set(
  registeredPaths([...accountAreaRoutes, ...adminAreaRoutes, ...publicAreaRoutes]) as AppPath[],
);
