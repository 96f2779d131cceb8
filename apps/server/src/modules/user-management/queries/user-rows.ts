import type {
  AdminUserListItem,
  NonProfitStatus,
  OrganizerRequest,
  Role,
  UserListFilters,
  UserStatus,
} from '@marquee/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import type { SearchTarget } from '../../../db/list.js';
import { bookings, nonProfitExemptions, organizations, users } from '../../../db/schema/index.js';
import { userSearchText } from '../../../db/search-text.js';

/**
 * What the user list, the organizer list and the user export share: the columns, the joins, the search,
 * the sort and the filters. The export streams the very same SELECT the list pages.
 */
export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  phone: users.phone,
  phoneVerified: users.phoneVerified,
  avatar: users.avatar,
  role: users.role,
  status: users.status,
  organizerRequest: users.organizerRequest,
  nonProfit: sql<NonProfitStatus>`coalesce(${nonProfitExemptions.status}::text, 'NONE')`,
  // On organizations_owner_idx and bookings_buyer_idx: one index probe per row of the page.
  organizationCount: sql<number>`(select count(*)::int from ${organizations} where ${organizations.ownerId} = ${users.id})`,
  bookingCount: sql<number>`(select count(*)::int from ${bookings} where ${bookings.buyerUserId} = ${users.id})`,
  createdAt: users.createdAt,
};

export interface UserRowData {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string | null;
  phoneVerified: boolean;
  avatar: string | null;
  role: Role;
  status: UserStatus;
  organizerRequest: OrganizerRequest;
  nonProfit: NonProfitStatus;
  organizationCount: number;
  bookingCount: number;
  createdAt: Date;
}

/** users ⟕ their non-profit exemption: the FROM of every user query. */
export function usersFrom(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(nonProfitExemptions, eq(nonProfitExemptions.userId, users.id))
    .$dynamic();
}

export function countUsersFrom(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .leftJoin(nonProfitExemptions, eq(nonProfitExemptions.userId, users.id))
    .$dynamic();
}

/** The FROM of the lists' capped count (`countUpTo`): the same joins, a constant selected. */
export function usersCounted(db: DbOrTx) {
  return db
    .select({ one: sql`1` })
    .from(users)
    .leftJoin(nonProfitExemptions, eq(nonProfitExemptions.userId, users.id))
    .$dynamic();
}

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/** Free text over first, last and full name, email, username and phone (one trigram index). */
export const USER_SEARCH: SearchTarget[] = [
  {
    within: userSearchText,
    columns: [users.firstName, users.lastName, fullName, users.email, users.username, users.phone],
  },
];

export const USER_SORT = {
  fields: {
    createdAt: users.createdAt,
    name: sql`lower(${fullName})`,
    email: sql`lower(${users.email})`,
  },
  default: [desc(users.createdAt)],
  tieBreaker: users.id,
};

type Filters = Pick<z.input<typeof UserListFilters>, 'role' | 'status' | 'organizerRequest' | 'nonProfit'>;

export function userFilters(filters: Filters): (SQL | undefined)[] {
  return [
    filters.role ? eq(users.role, filters.role) : undefined,
    filters.status ? eq(users.status, filters.status) : undefined,
    filters.organizerRequest ? eq(users.organizerRequest, filters.organizerRequest) : undefined,
    filters.nonProfit === 'NONE'
      ? sql`${nonProfitExemptions.userId} is null`
      : filters.nonProfit
        ? eq(nonProfitExemptions.status, filters.nonProfit)
        : undefined,
  ];
}

export function toUserItem(row: UserRowData): AdminUserListItem {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
    organizerRequest: row.organizerRequest,
    nonProfit: row.nonProfit,
    organizationCount: row.organizationCount,
    bookingCount: row.bookingCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export const displayName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;
