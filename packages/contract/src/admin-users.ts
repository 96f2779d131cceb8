import { z } from 'zod';
import { NonProfitStatus } from './account.js';
import { OrganizerRequest, Role, UserProfile, UserStatus } from './auth.js';
import { BookingStatus } from './booking.js';
import { EventKind, EventStatus, NamedRef } from './event-basics.js';
import { ExportFormat, OrderDetail, OrderSummary } from './orders.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * Administrators' user management (spec paths under /api/v1/admin/user/; docs/user-management.md).
 * Every call is for administrators only; an id that names no user answers 404 "User not found.".
 */
export const ADMIN_USER_PATH = '/api/v1/admin/user';

const listPage = pageQuery.pick({ page: true, limit: true, search: true }).shape;
const UserId = z.uuid({ error: 'Choose a user' });

export const UserSort = z
  .string()
  .regex(/^-?(createdAt|name|email)$/, 'Sort by createdAt, name or email')
  .optional();

export const UserListFilters = z.object({
  ...listPage,
  sort: UserSort,
  role: Role.optional(),
  status: UserStatus.optional(),
  organizerRequest: OrganizerRequest.optional(),
  nonProfit: NonProfitStatus.optional(),
});
export type UserListFilters = z.input<typeof UserListFilters>;

/** A user as administrators list them: the session profile's account fields, plus what they did. */
export const AdminUserListItem = UserProfile.pick({
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  phone: true,
  phoneVerified: true,
  avatar: true,
  role: true,
  status: true,
  organizerRequest: true,
}).extend({
  _id: z.uuid(),
  nonProfit: NonProfitStatus,
  /** Organizations the user owns. */
  organizationCount: z.number().int().nonnegative(),
  /** Orders they placed as a buyer (any status). */
  bookingCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;

export const getUserList = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-user-list`,
  summary:
    'Users: search by name, email, username or phone; filter by role, status, organizer request, non-profit',
  tag: 'Admin users',
  access: 'admin',
  query: UserListFilters,
  response: envelope(pageOf(AdminUserListItem)),
});

/** The user list's filters as a CSV or XLSX file (streamed, like the orders export). */
export const USER_EXPORT_PATH = `${ADMIN_USER_PATH}/export-user-list`;
export const UserExportQuery = UserListFilters.omit({ page: true, limit: true }).extend({
  format: ExportFormat,
});
export type UserExportQuery = z.input<typeof UserExportQuery>;

export const SalesInCurrency = z.object({ currency: z.string(), grossSales: z.number().int() });

export const OrganizerListItem = AdminUserListItem.extend({
  organizations: z.array(NamedRef),
  eventCount: z.number().int().nonnegative(),
  /** Confirmed orders' totals of their organizations, one entry per currency (never added across). */
  sales: z.array(SalesInCurrency),
});
export type OrganizerListItem = z.infer<typeof OrganizerListItem>;

export const getOrganizerList = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-organizer-list`,
  summary: 'Approved organizers with their organizations, event count and sales per currency',
  tag: 'Admin users',
  access: 'admin',
  query: z.object({ ...listPage, sort: UserSort, status: UserStatus.optional() }),
  response: envelope(pageOf(OrganizerListItem)),
});

export const UserOrganization = z.object({
  _id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  currency: z.string(),
  /** OWNER: the user owns it; MEMBER: they were invited into it (a "favorite user"). */
  relation: z.enum(['OWNER', 'MEMBER']),
  /** A membership's state; an owner is always ACTIVE. */
  status: z.enum(['INVITED', 'ACTIVE', 'INACTIVE']),
  /** Event roles a member holds in it (EVENT_ORGANIZER, SCANNER); empty for owners. */
  eventRoles: z.array(z.enum(['EVENT_ORGANIZER', 'SCANNER'])),
  eventCount: z.number().int().nonnegative(),
  since: z.string(),
});
export type UserOrganization = z.infer<typeof UserOrganization>;

export const getUserOrganizerList = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-user-organizer-list`,
  summary: 'The organizations a user owns and those they are a member of (role, status, events)',
  tag: 'Admin users',
  access: 'admin',
  query: z.object({ userId: UserId }),
  response: envelope(z.array(UserOrganization)),
});

export const AdminUserDetail = AdminUserListItem.extend({
  updatedAt: z.string(),
  blockedReason: z.string().nullable(),
  blockedAt: z.string().nullable(),
  /** The newest session's start (sign-ins create sessions) and the newest activity of any session. */
  lastSignInAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  organizerRequestDetail: z
    .object({
      organizationName: z.string(),
      description: z.string(),
      website: z.string().nullable(),
      phone: z.string(),
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
      decisionReason: z.string().nullable(),
    })
    .nullable(),
  nonProfitDetail: z
    .object({
      status: NonProfitStatus,
      legalName: z.string(),
      registrationNumber: z.string(),
      documentUrl: z.string(),
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
      decisionReason: z.string().nullable(),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const getAdminUserDetail = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-user-detail`,
  summary: "A user's basic profile, block state, last sign-in, organizer request and non-profit details",
  tag: 'Admin users',
  access: 'admin',
  query: z.object({ userId: UserId }),
  response: envelope(AdminUserDetail),
});

export const BLOCK_REASON_MAX = 500;

export const UpdateUserStatusBody = z
  .object({
    userId: UserId,
    status: UserStatus,
    reason: z.string().trim().max(BLOCK_REASON_MAX, `Use at most ${BLOCK_REASON_MAX} characters`).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'BLOCKED' && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Enter a reason for blocking' });
    }
  });
export type UpdateUserStatusBody = z.input<typeof UpdateUserStatusBody>;

export const UserStatusResult = z.object({
  _id: z.uuid(),
  status: UserStatus,
  blockedReason: z.string().nullable(),
  blockedAt: z.string().nullable(),
});

export const updateUserStatus = defineRoute({
  method: 'POST',
  path: `${ADMIN_USER_PATH}/update-user-status`,
  summary: "Block (with a reason) or unblock a user; a blocked user's sessions answer 423 at once",
  tag: 'Admin users',
  access: 'admin',
  body: UpdateUserStatusBody,
  response: envelope(UserStatusResult),
});

export const getUserBookingList = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-user-booking-list`,
  summary: 'The orders a user placed as a buyer (events-booked): search by code or event, filter by status',
  tag: 'Admin users',
  access: 'admin',
  query: z.object({
    ...listPage,
    sort: z
      .string()
      .regex(/^-?(createdAt|total|code)$/, 'Sort by createdAt, total or code')
      .optional(),
    userId: UserId,
    status: BookingStatus.optional(),
  }),
  response: envelope(pageOf(OrderSummary)),
});

export const AdminBookingDetail = OrderDetail.extend({
  payments: z.array(
    z.object({
      _id: z.uuid(),
      provider: z.string(),
      reference: z.string().nullable(),
      status: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      failureReason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      _id: z.uuid(),
      status: z.string(),
      source: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      reason: z.string().nullable(),
      createdAt: z.string(),
      processedAt: z.string().nullable(),
      by: NamedRef.nullable(),
    }),
  ),
  scans: z.array(
    z.object({
      _id: z.uuid(),
      ticketId: z.uuid().nullable(),
      result: z.string(),
      source: z.string(),
      scannedAt: z.string(),
      by: NamedRef.nullable(),
      deviceId: z.string().nullable(),
    }),
  ),
});
export type AdminBookingDetail = z.infer<typeof AdminBookingDetail>;

export const getAdminBookingDetail = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-booking-detail`,
  summary: 'One order (booked-event-details): lines, tickets, payments, refunds and scans',
  tag: 'Admin users',
  access: 'admin',
  query: z.object({ bookingId: z.uuid({ error: 'Choose an order' }) }),
  response: envelope(AdminBookingDetail),
});

export const CreatedEventItem = z.object({
  _id: z.uuid(),
  title: z.string(),
  kind: EventKind,
  status: EventStatus,
  organization: NamedRef,
  startsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** Valid tickets of confirmed orders. */
  ticketsSold: z.number().int().nonnegative(),
  /** An event sells in its organization's one currency. */
  currency: z.string(),
  grossSales: z.number().int(),
});
export type CreatedEventItem = z.infer<typeof CreatedEventItem>;

export const getOrganizerCreatedEventList = defineRoute({
  method: 'GET',
  path: `${ADMIN_USER_PATH}/get-organizer-created-event-list`,
  summary: 'Events of the organizations a user owns (created-events): tickets sold and gross sales',
  tag: 'Admin users',
  access: 'admin',
  query: z.object({
    ...listPage,
    sort: z
      .string()
      .regex(/^-?(startsAt|title|createdAt)$/, 'Sort by startsAt, title or createdAt')
      .optional(),
    userId: UserId,
    status: EventStatus.optional(),
  }),
  response: envelope(pageOf(CreatedEventItem)),
});
