import {
  APPROVAL_MESSAGES,
  type ApprovalListQuery,
  type DecideBody,
  type DecisionResult,
  type NonProfitRequestItem,
  type OrganizerRequestItem,
  type Requester,
} from '@marquee/contract';
import { asc, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import { defineList, type PageInput } from '../../db/list.js';
import { nonProfitExemptions, organizerRequestDetails, users } from '../../db/schema/index.js';
import { createUnitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../../lib/access/index.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { templates } from '../../lib/templates.js';
import * as repo from './approvals.repo.js';

/** Audit entity of both decisions: the user whose request it is. */
const USER = 'USER';

interface Logger {
  error(obj: object, msg: string): void;
}

type ListQuery = PageInput & { status: NonNullable<ApprovalListQuery['status']> };

function toRequester(u: repo.OrganizerRequestRow['user']): Requester {
  return {
    _id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim() || u.username,
    email: u.email,
    username: u.username,
    phone: u.phone,
    createdAt: u.createdAt.toISOString(),
  };
}

function toOrganizerRequest(row: repo.OrganizerRequestRow): OrganizerRequestItem {
  const d = row.details;
  return {
    _id: row.user.id,
    user: toRequester(row.user),
    status: row.status,
    organizationName: d.organizationName,
    description: d.description,
    website: d.website,
    phone: d.phone,
    submittedAt: d.submittedAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    decisionReason: d.decisionReason,
  };
}

function toNonProfit(row: repo.NonProfitRow): NonProfitRequestItem {
  const e = row.exemption;
  return {
    _id: row.user.id,
    user: toRequester(row.user),
    organizations: row.organizations,
    status: e.status,
    legalName: e.legalName,
    registrationNumber: e.registrationNumber,
    documentUrl: e.documentUrl,
    submittedAt: e.submittedAt.toISOString(),
    decidedAt: e.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    decisionReason: e.decisionReason,
  };
}

/**
 * The administrators' approval queues (docs/approvals.md). Each decision is one unit of work: a guarded
 * `UPDATE … WHERE status = 'PENDING'` (two administrators deciding at once: exactly one wins, the other
 * gets 409), the decision's details, one audit entry, and the user's email after the commit.
 */
export function createApprovalService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
}) {
  const { db, mailer, log } = deps;
  const change = createUnitOfWork({ db, clock: deps.clock, log });

  const send = (to: string, content: ReturnType<typeof templates.nonProfitApprovedEmail>) => async () => {
    await mailer.send({ to, ...content }).catch((error: unknown) => {
      // The decision stands; the user also sees it on their profile.
      log.error({ err: error }, 'a decision email was not sent');
    });
  };

  const organizerList = defineList({
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

  const nonProfitList = defineList({
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

  /** Pending: oldest first (first come, first served); decided: the latest decisions first. */
  const ordered = (query: ListQuery): PageInput =>
    query.status === 'PENDING' || query.sort ? query : { ...query, sort: '-decidedAt' };

  function organizerRequests(query: ListQuery) {
    return organizerList(ordered(query), [eq(users.organizerRequest, query.status)]);
  }

  function nonProfitRequests(query: ListQuery) {
    return nonProfitList(ordered(query), [eq(nonProfitExemptions.status, query.status)]);
  }

  async function decideOrganizer(actor: Actor, body: DecideBody): Promise<DecisionResult> {
    const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
    const reason = status === 'REJECTED' ? (body.reason ?? null) : null;
    await change(async (c) => {
      const before = await repo.findOrganizerRequest(c.tx, body.userId);
      const decided = await repo.decideOrganizerStatus(c.tx, body.userId, status, c.now);
      if (!decided) {
        if (!before) throw notFound('The organizer request');
        throw conflict(APPROVAL_MESSAGES.alreadyDecided);
      }
      const details = await repo.recordOrganizerDecision(c.tx, body.userId, {
        decidedAt: c.now,
        decidedBy: actor.user.id,
        decisionReason: reason,
      });
      await c.audit({
        action: status === 'APPROVED' ? 'ORGANIZER_REQUEST_APPROVED' : 'ORGANIZER_REQUEST_REJECTED',
        entityType: USER,
        entityId: body.userId,
        before: { organizerRequest: 'PENDING', details: before?.details ?? null },
        after: { organizerRequest: status, details: details ?? null },
      });
      const organizationName = details?.organizationName ?? 'your organization';
      c.afterCommit(
        send(
          decided.email,
          status === 'APPROVED'
            ? templates.organizerRequestApprovedEmail({
                firstName: decided.firstName,
                organizationName,
                url: deps.publicUrl,
              })
            : templates.organizerRequestRejectedEmail({
                firstName: decided.firstName,
                organizationName,
                reason: reason ?? '',
              }),
        ),
      );
    });
    return { userId: body.userId, status };
  }

  async function decideNonProfit(actor: Actor, body: DecideBody): Promise<DecisionResult> {
    const status = body.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
    const reason = status === 'REJECTED' ? (body.reason ?? null) : null;
    await change(async (c) => {
      const [before] = await c.tx
        .select()
        .from(nonProfitExemptions)
        .where(eq(nonProfitExemptions.userId, body.userId));
      const after = await repo.decideNonProfitStatus(c.tx, body.userId, {
        status,
        decidedAt: c.now,
        decidedBy: actor.user.id,
        decisionReason: reason,
      });
      if (!after) {
        if (!before) throw notFound('The non-profit request');
        throw conflict(APPROVAL_MESSAGES.alreadyDecided);
      }
      await c.audit({
        action: status === 'APPROVED' ? 'NON_PROFIT_APPROVED' : 'NON_PROFIT_REJECTED',
        entityType: USER,
        entityId: body.userId,
        before,
        after,
      });
      const contact = await repo.userContact(c.tx, body.userId);
      if (contact) {
        c.afterCommit(
          send(
            contact.email,
            status === 'APPROVED'
              ? templates.nonProfitApprovedEmail({ firstName: contact.firstName, legalName: after.legalName })
              : templates.nonProfitRejectedEmail({
                  firstName: contact.firstName,
                  legalName: after.legalName,
                  reason: reason ?? '',
                }),
          ),
        );
      }
    });
    return { userId: body.userId, status };
  }

  return { organizerRequests, nonProfitRequests, decideOrganizer, decideNonProfit };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
