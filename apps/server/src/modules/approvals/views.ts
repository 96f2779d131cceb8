import type { NonProfitRequestItem, OrganizerRequestItem, Requester } from '@marquee/contract';
import type { NonProfitRow, OrganizerRequestRow } from './approvals.repo.js';

function toRequester(u: OrganizerRequestRow['user']): Requester {
  return {
    _id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim() || u.username,
    email: u.email,
    username: u.username,
    phone: u.phone,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toOrganizerRequest(row: OrganizerRequestRow): OrganizerRequestItem {
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

export function toNonProfit(row: NonProfitRow): NonProfitRequestItem {
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
