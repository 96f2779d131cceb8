import { z } from 'zod';
import { OrganizerRequest } from './auth.js';
import { defineRoute, envelope, pageOf, pageQuery } from './route.js';

/**
 * The administrators' approval queues (issue 13, user management): organizer requests and non-profit
 * exemptions. A decision is taken once: a second one answers 409. See docs/approvals.md.
 */
export const APPROVAL_PATH = '/api/v1/admin/user';

export const ApprovalStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const Decision = z.enum(['APPROVE', 'REJECT']);
export type Decision = z.infer<typeof Decision>;

export const APPROVAL_MESSAGES = {
  reasonRequired: 'Enter a reason for the rejection',
  reasonTooLong: 'Use at most 500 characters',
  alreadyDecided: 'This request has already been decided.',
} as const;

export const ApprovalListQuery = pageQuery.pick({ page: true, limit: true, search: true }).extend({
  /** PENDING by default: the queue. */
  status: ApprovalStatus.default('PENDING'),
  sort: z
    .string()
    .regex(/^-?(submittedAt|decidedAt|name)$/, 'Sort by submittedAt, decidedAt or name')
    .optional(),
});
export type ApprovalListQuery = z.input<typeof ApprovalListQuery>;

export const DecideBody = z
  .object({
    userId: z.uuid(),
    decision: Decision,
    reason: z.string().trim().max(500, APPROVAL_MESSAGES.reasonTooLong).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'REJECT' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: APPROVAL_MESSAGES.reasonRequired });
  });
export type DecideBody = z.input<typeof DecideBody>;

export const Requester = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Requester = z.infer<typeof Requester>;

const Decided = {
  decidedAt: z.iso.datetime().nullable(),
  /** The administrator's name; null when undecided or their account is gone. */
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
};

export const OrganizerRequestItem = z.object({
  _id: z.uuid(),
  user: Requester,
  status: OrganizerRequest,
  organizationName: z.string(),
  description: z.string(),
  website: z.string().nullable(),
  phone: z.string(),
  submittedAt: z.iso.datetime(),
  ...Decided,
});
export type OrganizerRequestItem = z.infer<typeof OrganizerRequestItem>;

export const NonProfitRequestItem = z.object({
  _id: z.uuid(),
  user: Requester,
  /** Names of the organizations the user owns (the exemption covers their sales). */
  organizations: z.array(z.string()),
  status: ApprovalStatus,
  legalName: z.string(),
  registrationNumber: z.string(),
  /** Opens the uploaded document (`/media/…`, PDFs sandboxed) or an older http(s) link. */
  documentUrl: z.string(),
  submittedAt: z.iso.datetime(),
  ...Decided,
});
export type NonProfitRequestItem = z.infer<typeof NonProfitRequestItem>;

export const DecisionResult = z.object({ userId: z.uuid(), status: ApprovalStatus });
export type DecisionResult = z.infer<typeof DecisionResult>;

export const getOrganizerRequestList = defineRoute({
  method: 'GET',
  path: `${APPROVAL_PATH}/get-organizer-request-list`,
  summary: 'Organizer requests by status (pending first-come first-served), with the requester',
  tag: 'Admin users',
  access: 'admin',
  query: ApprovalListQuery,
  response: envelope(pageOf(OrganizerRequestItem)),
});

export const decideOrganizerRequest = defineRoute({
  method: 'POST',
  path: `${APPROVAL_PATH}/decide-organizer-request`,
  summary: 'Approve or reject (with a reason) a pending organizer request; the user is emailed',
  tag: 'Admin users',
  access: 'admin',
  body: DecideBody,
  response: envelope(DecisionResult),
});

export const getNonProfitRequestList = defineRoute({
  method: 'GET',
  path: `${APPROVAL_PATH}/get-non-profit-request-list`,
  summary: 'Non-profit exemption requests by status, with the requester, their organizations and document',
  tag: 'Admin users',
  access: 'admin',
  query: ApprovalListQuery,
  response: envelope(pageOf(NonProfitRequestItem)),
});

export const decideNonProfitRequest = defineRoute({
  method: 'POST',
  path: `${APPROVAL_PATH}/decide-non-profit-request`,
  summary: 'Approve or reject (with a reason) a pending non-profit exemption; the user is emailed',
  tag: 'Admin users',
  access: 'admin',
  body: DecideBody,
  response: envelope(DecisionResult),
});
