import type {
  AdminBookingDetail,
  AdminUserDetail,
  BookingStatus,
  CreatedEventItem,
  EventStatus,
  OrganizerListItem,
  UserListFilters,
  UserOrganization,
} from '@marquee/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countUpTo, defineList, type PageInput, paged } from '../../db/list.js';
import {
  bookings,
  events,
  eventTeam,
  nonProfitExemptions,
  organizationMembers,
  organizations,
  organizerRequestDetails,
  payments,
  refunds,
  scans,
  sessions,
  tickets,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import {
  ORDER_SEARCH,
  type OrderRowData,
  orderDetail,
  ordersFrom,
  toOrderSummary,
} from '../order-reads/index.js';
import {
  displayName,
  toUserItem,
  USER_SEARCH,
  USER_SORT,
  type UserRowData,
  userFilters,
  usersCounted,
  usersFrom,
} from './admin-users.query.js';

export const userNotFound = () => new AppError(404, 'User not found.');

type UserListInput = PageInput & z.output<typeof UserListFilters>;

/** The administrators' reads of users (docs/user-management.md). */
export function createAdminUserReads(db: Db) {
  async function requireUser(userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw userNotFound();
    return row;
  }

  const userList = defineList({
    search: USER_SEARCH,
    sort: USER_SORT,
    rows: (window) => paged(usersFrom(db), window) as Promise<UserRowData[]>,
    count: (where, upTo) => countUpTo(db, usersCounted(db).where(where), upTo),
    total: 'capped',
    items: (rows) => rows.map(toUserItem),
  });

  const organizerList = defineList({
    search: USER_SEARCH,
    sort: USER_SORT,
    rows: (window) => paged(usersFrom(db), window) as Promise<UserRowData[]>,
    count: (where, upTo) => countUpTo(db, usersCounted(db).where(where), upTo),
    total: 'capped',
    items: async (rows): Promise<OrganizerListItem[]> => {
      const ids = rows.map((r) => r.id);
      if (ids.length === 0) return [];
      const [owned, eventCounts, sales] = await Promise.all([
        db
          .select({ id: organizations.id, name: organizations.name, ownerId: organizations.ownerId })
          .from(organizations)
          .where(inArray(organizations.ownerId, ids))
          .orderBy(asc(organizations.name), asc(organizations.id)),
        db
          .select({ ownerId: organizations.ownerId, n: sql<number>`count(${events.id})::int` })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .where(inArray(organizations.ownerId, ids))
          .groupBy(organizations.ownerId),
        db
          .select({
            ownerId: organizations.ownerId,
            currency: bookings.currency,
            gross: sql<number>`coalesce(sum(${bookings.total}), 0)::bigint`.mapWith(Number),
          })
          .from(bookings)
          .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
          .where(and(inArray(organizations.ownerId, ids), eq(bookings.status, 'CONFIRMED')))
          .groupBy(organizations.ownerId, bookings.currency)
          .orderBy(asc(bookings.currency)),
      ]);
      return rows.map((row) => ({
        ...toUserItem(row),
        organizations: owned.filter((o) => o.ownerId === row.id).map((o) => ({ _id: o.id, name: o.name })),
        eventCount: eventCounts.find((e) => e.ownerId === row.id)?.n ?? 0,
        sales: sales
          .filter((s) => s.ownerId === row.id)
          .map((s) => ({ currency: s.currency, grossSales: s.gross })),
      }));
    },
  });

  async function detail(userId: string): Promise<AdminUserDetail> {
    const [[row], [user], [request], [exemption], [seen]] = await Promise.all([
      usersFrom(db).where(eq(users.id, userId)) as Promise<UserRowData[]>,
      db.select().from(users).where(eq(users.id, userId)),
      db.select().from(organizerRequestDetails).where(eq(organizerRequestDetails.userId, userId)),
      db.select().from(nonProfitExemptions).where(eq(nonProfitExemptions.userId, userId)),
      db
        .select({
          signIn: sql<Date | null>`max(${sessions.createdAt})`.mapWith(sessions.createdAt),
          seen: sql<Date | null>`max(${sessions.lastSeenAt})`.mapWith(sessions.lastSeenAt),
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
    ]);
    if (!row || !user) throw userNotFound();
    return {
      ...toUserItem(row),
      updatedAt: user.updatedAt.toISOString(),
      blockedReason: user.blockedReason,
      blockedAt: user.blockedAt?.toISOString() ?? null,
      lastSignInAt: seen?.signIn ? new Date(seen.signIn).toISOString() : null,
      lastSeenAt: seen?.seen ? new Date(seen.seen).toISOString() : null,
      organizerRequestDetail: request
        ? {
            organizationName: request.organizationName,
            description: request.description,
            website: request.website,
            phone: request.phone,
            submittedAt: request.submittedAt.toISOString(),
            decidedAt: request.decidedAt?.toISOString() ?? null,
            decisionReason: request.decisionReason,
          }
        : null,
      nonProfitDetail: exemption
        ? {
            status: exemption.status,
            legalName: exemption.legalName,
            registrationNumber: exemption.registrationNumber,
            documentUrl: exemption.documentUrl,
            submittedAt: exemption.submittedAt.toISOString(),
            decidedAt: exemption.decidedAt?.toISOString() ?? null,
            decisionReason: exemption.decisionReason,
          }
        : null,
    };
  }

  /** Owned organizations first, then memberships; each with its event count. */
  async function organizationsOf(userId: string): Promise<UserOrganization[]> {
    await requireUser(userId);
    const eventCount = sql<number>`(select count(*)::int from ${events} where ${events.organizationId} = ${organizations.id})`;
    const [owned, memberships] = await Promise.all([
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          logo: organizations.logo,
          currency: organizations.currency,
          createdAt: organizations.createdAt,
          eventCount,
        })
        .from(organizations)
        .where(eq(organizations.ownerId, userId))
        .orderBy(asc(organizations.name), asc(organizations.id)),
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          logo: organizations.logo,
          currency: organizations.currency,
          status: organizationMembers.status,
          since:
            sql<Date>`coalesce(${organizationMembers.acceptedAt}, ${organizationMembers.createdAt})`.mapWith(
              organizationMembers.createdAt,
            ),
          roles: sql<
            string[]
          >`coalesce((select array_agg(distinct ${eventTeam.role}::text order by ${eventTeam.role}::text) from ${eventTeam} where ${eventTeam.memberId} = ${organizationMembers.id}), '{}')`,
          eventCount,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .where(eq(organizationMembers.userId, userId))
        .orderBy(asc(organizations.name), asc(organizations.id)),
    ]);
    return [
      ...owned.map((o) => ({
        _id: o.id,
        name: o.name,
        logo: o.logo,
        currency: o.currency,
        relation: 'OWNER' as const,
        status: 'ACTIVE' as const,
        eventRoles: [],
        eventCount: o.eventCount,
        since: o.createdAt.toISOString(),
      })),
      ...memberships.map((m) => ({
        _id: m.id,
        name: m.name,
        logo: m.logo,
        currency: m.currency,
        relation: 'MEMBER' as const,
        status: m.status,
        eventRoles: (m.roles ?? []) as UserOrganization['eventRoles'],
        eventCount: m.eventCount,
        since: new Date(m.since).toISOString(),
      })),
    ];
  }

  const bookingList = defineList({
    search: [...ORDER_SEARCH, events.title],
    sort: {
      fields: { createdAt: bookings.createdAt, total: bookings.total, code: bookings.code },
      default: [desc(bookings.createdAt)],
      tieBreaker: bookings.id,
    },
    rows: (window) => paged(ordersFrom(db), window) as Promise<OrderRowData[]>,
    count: async (where) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .innerJoin(events, eq(events.id, bookings.eventId))
          .where(where)
      )[0]?.n ?? 0,
    items: (rows) => rows.map(toOrderSummary),
  });

  async function bookingDetail(bookingId: string): Promise<AdminBookingDetail> {
    const [exists] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
    if (!exists) throw new AppError(404, 'Order not found.');
    const refunder = alias(users, 'refunder');
    const scanner = alias(users, 'scanner');
    const [order, paymentRows, refundRows, scanRows] = await Promise.all([
      orderDetail(db, bookingId),
      db
        .select()
        .from(payments)
        .where(eq(payments.bookingId, bookingId))
        .orderBy(asc(payments.createdAt), asc(payments.id)),
      db
        .select({ refund: refunds, by: refunder })
        .from(refunds)
        .leftJoin(refunder, eq(refunder.id, refunds.initiatedBy))
        .where(eq(refunds.bookingId, bookingId))
        .orderBy(asc(refunds.createdAt), asc(refunds.id)),
      db
        .select({ scan: scans, by: scanner })
        .from(scans)
        .innerJoin(tickets, eq(tickets.id, scans.ticketId))
        .leftJoin(scanner, eq(scanner.id, scans.scannedBy))
        .where(eq(tickets.bookingId, bookingId))
        .orderBy(asc(scans.scannedAt), asc(scans.id)),
    ]);
    const person = (u: typeof users.$inferSelect | null) => (u ? { _id: u.id, name: displayName(u) } : null);
    return {
      ...order,
      payments: paymentRows.map((p) => ({
        _id: p.id,
        provider: p.provider,
        reference: p.providerRef,
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        failureReason: p.failureReason,
        createdAt: p.createdAt.toISOString(),
      })),
      refunds: refundRows.map(({ refund, by }) => ({
        _id: refund.id,
        status: refund.status,
        source: refund.source,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
        processedAt: refund.processedAt?.toISOString() ?? null,
        by: person(by),
      })),
      scans: scanRows.map(({ scan, by }) => ({
        _id: scan.id,
        ticketId: scan.ticketId,
        result: scan.result,
        source: scan.source,
        scannedAt: scan.scannedAt.toISOString(),
        by: person(by),
        deviceId: scan.deviceId,
      })),
    };
  }

  const createdEventList = defineList({
    search: [events.title, organizations.name],
    sort: {
      fields: { startsAt: events.startsAt, title: sql`lower(${events.title})`, createdAt: events.createdAt },
      default: [sql`${events.startsAt} desc nulls last`],
      tieBreaker: events.id,
    },
    rows: (window) =>
      paged(
        db
          .select({
            id: events.id,
            title: events.title,
            kind: events.kind,
            status: events.status,
            organizationId: organizations.id,
            organizationName: organizations.name,
            startsAt: events.startsAt,
            timeZone: events.timeZone,
            currency: organizations.currency,
            ticketsSold: sql<number>`(select count(*)::int from ${tickets} inner join ${bookings} on ${bookings.id} = ${tickets.bookingId} where ${tickets.eventId} = ${events.id} and ${tickets.status} = 'VALID' and ${bookings.status} = 'CONFIRMED')`,
            grossSales:
              sql<number>`(select coalesce(sum(${bookings.total}), 0)::bigint from ${bookings} where ${bookings.eventId} = ${events.id} and ${bookings.status} = 'CONFIRMED')`.mapWith(
                Number,
              ),
          })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .$dynamic(),
        window,
      ),
    count: async (where) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(events)
          .innerJoin(organizations, eq(organizations.id, events.organizationId))
          .where(where)
      )[0]?.n ?? 0,
    items: (rows): CreatedEventItem[] =>
      rows.map((r) => ({
        _id: r.id,
        title: r.title,
        kind: r.kind,
        status: r.status,
        organization: { _id: r.organizationId, name: r.organizationName },
        startsAt: r.startsAt?.toISOString() ?? null,
        timeZone: r.timeZone,
        ticketsSold: r.ticketsSold,
        currency: r.currency,
        grossSales: r.grossSales,
      })),
  });

  return {
    users: (query: UserListInput) => userList(query, userFilters(query)),
    organizers: (query: PageInput & { status?: 'ACTIVE' | 'BLOCKED' }) =>
      organizerList(query, [eq(users.organizerRequest, 'APPROVED'), ...userFilters(query)]),
    detail,
    organizationsOf,
    async bookingsOf(query: PageInput & { userId: string; status?: BookingStatus }) {
      await requireUser(query.userId);
      const filters: (SQL | undefined)[] = [
        eq(bookings.buyerUserId, query.userId),
        query.status ? eq(bookings.status, query.status) : undefined,
      ];
      return bookingList(query, filters);
    },
    bookingDetail,
    async createdEventsOf(query: PageInput & { userId: string; status?: EventStatus }) {
      await requireUser(query.userId);
      return createdEventList(query, [
        eq(organizations.ownerId, query.userId),
        query.status ? eq(events.status, query.status) : undefined,
      ]);
    },
  };
}
