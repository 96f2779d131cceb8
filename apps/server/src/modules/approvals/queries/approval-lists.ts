import type { ApprovalListQuery } from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { defineList, type PageInput } from '../../../db/list.js';
import { nonProfitExemptions, organizerRequestDetails, users } from '../../../db/schema/index.js';
import * as repo from '../approvals.repo.js';
import { toNonProfit, toOrganizerRequest } from '../views.js';

type ListQuery = PageInput & { status: NonNullable<ApprovalListQuery['status']> };

/** Pending: oldest first (first come, first served); decided: the latest decisions first. */
const ordered = (query: ListQuery): PageInput =>
  query.status === 'PENDING' || query.sort ? query : { ...query, sort: '-decidedAt' };

const organizerList = (db: Db) =>
  defineList({
    search: [repo.requesterName, users.email, users.username, organizerRequestDetails.organizationName],
    sort: {
      fields: {
        submittedAt: organizerRequestDetails.submittedAt,
        decidedAt: organizerRequestDetails.decidedAt,
        name: repo.requesterName,
      },
      default: [asc(organizerRequestDetails.submittedAt)],
      tieBreaker: users.id,
    },
    rows: (window) => repo.organizerRequestRows(db, window),
    count: (where) => repo.countOrganizerRequests(db, where),
    items: (rows) => rows.map(toOrganizerRequest),
  });

const nonProfitList = (db: Db) =>
  defineList({
    search: [repo.requesterName, users.email, users.username, nonProfitExemptions.legalName],
    sort: {
      fields: {
        submittedAt: nonProfitExemptions.submittedAt,
        decidedAt: nonProfitExemptions.decidedAt,
        name: repo.requesterName,
      },
      default: [asc(nonProfitExemptions.submittedAt)],
      tieBreaker: users.id,
    },
    rows: (window) => repo.nonProfitRows(db, window),
    count: (where) => repo.countNonProfit(db, where),
    items: (rows) => rows.map(toNonProfit),
  });

/** The organizer requests in one state (the administrators' queue or its history). */
export function organizerRequestPage(db: Db, query: ListQuery) {
  return organizerList(db)(ordered(query), [eq(users.organizerRequest, query.status)]);
}

/** The non-profit exemption requests in one state. */
export function nonProfitRequestPage(db: Db, query: ListQuery) {
  return nonProfitList(db)(ordered(query), [eq(nonProfitExemptions.status, query.status)]);
}
